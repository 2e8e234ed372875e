/** GET /api/health, declared once: the server and its database answer. The page reads only the status code (src/lib/online.ts). */
import { z } from './schema-kit';

export const healthAnswerSchema = z.strictObject({ status: z.literal('ok') });

export type HealthAnswer = z.output<typeof healthAnswerSchema>;

/**
 * The import-boundary lint rules (eslint-rules/boundaries.js for the app,
 * eslint-rules/server-boundaries.js for the server) as tables:
 * which imports each layer may make, by where the importing file lives.
 */
import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import tseslint from 'typescript-eslint';
import boundaries from '../../eslint-rules/boundaries.js';
import serverBoundaries from '../../eslint-rules/server-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });

tester.run('boundaries', boundaries.rules.boundaries, {
  valid: [
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { paths } from '@/lib/paths';" },
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { paths } from '../../../lib/paths';" },
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { x } from '../components/b';" },
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { x } from '@/domain/booking';" },
    { filename: at('src/lib/a.ts'), code: "import { paths } from './paths';" },
    { filename: at('src/app/routes.tsx'), code: "import { x } from '@/features/booking/pages/a';" },
    { filename: at('src/domain/a.ts'), code: "import { b } from './b';" },
    { filename: at('src/domain/a.ts'), code: "import { b } from '@/domain/b';" },
    { filename: at('src/domain/a.ts'), code: "import { z } from 'zod';" },
    { filename: at('src/domain/a.ts'), code: "import * as z from 'zod/mini';" },
    { filename: at('src/domain/a.ts'), code: "import Papa from 'papaparse';" },
  ],
  invalid: [
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { x } from '@/app/routes';", errors: [{ messageId: 'upIntoApp' }] },
    { filename: at('src/features/booking/pages/a.tsx'), code: "import { x } from '../../../app/routes';", errors: [{ messageId: 'upIntoApp' }] },
    { filename: at('src/lib/a.ts'), code: "import { x } from '../app/providers';", errors: [{ messageId: 'upIntoApp' }] },
    { filename: at('src/lib/ui/a.tsx'), code: "const m = import('@/app/layout/header');", errors: [{ messageId: 'upIntoApp' }] },
    { filename: at('src/features/booking/a.ts'), code: "import { x } from '@/features/account/b';", errors: [{ messageId: 'crossFeature' }] },
    { filename: at('src/domain/a.ts'), code: "import { x } from '@/lib/paths';", errors: [{ messageId: 'impureDomain' }] },
    { filename: at('src/domain/a.ts'), code: "import React from 'react';", errors: [{ messageId: 'impureDomain' }] },
    { filename: at('src/domain/a.ts'), code: "import fs from 'node:fs';", errors: [{ messageId: 'impureDomain' }] },
    { filename: at('src/domain/a.ts'), code: "import { Hono } from 'hono';", errors: [{ messageId: 'impureDomain' }] },
    { filename: at('src/domain/a.ts'), code: "import { useState } from 'react-dom';", errors: [{ messageId: 'impureDomain' }] },
    { filename: at('src/domain/a.ts'), code: "import { z } from 'zod-to-anything';", errors: [{ messageId: 'impureDomain' }] },
  ],
});

// The server's rule (eslint-rules/server-boundaries.js), parsed as TypeScript so `import type` is seen.
const serverTester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module', parser: tseslint.parser } });

serverTester.run('server-boundaries', serverBoundaries.rules['server-boundaries'], {
  valid: [
    { filename: at('server/modules/booking/a.ts'), code: "import { b } from './b';" },
    { filename: at('server/modules/booking/a.ts'), code: "import { requireMember } from '../auth';" },
    { filename: at('server/modules/booking/a.ts'), code: "import { x } from '../events/index';" },
    { filename: at('server/modules/booking/a.ts'), code: "import type { Database } from '../../platform/db/adapter';" },
    { filename: at('server/modules/booking/a.ts'), code: "import { x } from '../../../src/domain/booking';" },
    { filename: at('server/modules/payments/a.ts'), code: "import type { SandboxControl } from '../../stand-ins/paypal-sandbox/routes';" },
    { filename: at('server/modules/booking/tests/a.test.ts'), code: "import { x } from '../../events/events-service';" },
    { filename: at('server/app.ts'), code: "import { bookingRoutes } from './modules/booking';" },
    { filename: at('server/app.ts'), code: "import { createLocalPayPal } from './stand-ins/paypal-sandbox';" },
    { filename: at('server/platform/mail/a.ts'), code: "import { queue } from '../jobs/queue';" },
    { filename: at('server/stand-ins/paypal-sandbox/index.ts'), code: "import type { LocalPayPal } from '../../modules/payments';" },
  ],
  invalid: [
    { filename: at('server/platform/env.ts'), code: "import { x } from '../modules/auth';", errors: [{ messageId: 'platformToModule' }] },
    { filename: at('server/platform/http/a.ts'), code: "import { x } from '../../modules/auth/throttle';", errors: [{ messageId: 'platformToModule' }] },
    { filename: at('server/platform/mail/index.ts'), code: "export { x } from '../../stand-ins/outbox-routes';", errors: [{ messageId: 'intoStandIn' }] },
    { filename: at('server/modules/payments/a.ts'), code: "import { createPayPalSandbox } from '../../stand-ins/paypal-sandbox/routes';", errors: [{ messageId: 'intoStandIn' }] },
    { filename: at('server/modules/booking/a.ts'), code: "import { x } from '../events/events-service';", errors: [{ messageId: 'deepImport' }] },
    { filename: at('server/modules/booking/a.ts'), code: "const m = import('../staff/staff-audit');", errors: [{ messageId: 'deepImport' }] },
    { filename: at('server/app.ts'), code: "import { x } from './modules/booking/booking-service';", errors: [{ messageId: 'deepImport' }] },
    { filename: at('server/seed/seed.ts'), code: "import { x } from '../modules/events/events-table';", errors: [{ messageId: 'deepImport' }] },
  ],
});

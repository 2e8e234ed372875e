/**
 * The supabase-js client, loaded only when first needed: it is ~50 KB gzip
 * and the home page must not pay for it (FACTS.md). With VITE_SUPABASE_URL
 * unset it talks to this site's own /auth/v1. The session it keeps in
 * localStorage under SESSION_STORAGE_KEY is also read synchronously by
 * session.ts, so the header knows Login from Portal before it loads.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { env } from './env';

export const SESSION_STORAGE_KEY = 'chaps-auth';

let client: Promise<SupabaseClient> | undefined;

export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(env.supabaseUrl ?? window.location.origin, env.supabaseAnonKey, {
      auth: {
        storageKey: SESSION_STORAGE_KEY,
        persistSession: true,
        autoRefreshToken: true,
        // Reads a recovery link's #access_token on /reset-password.
        detectSessionInUrl: true,
        flowType: 'implicit',
      },
    }),
  );
  return client;
}

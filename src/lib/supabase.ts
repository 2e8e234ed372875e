/**
 * Supabase's auth client (@supabase/auth-js, the auth part of supabase-js),
 * loaded only when first needed: the home page must not pay for it
 * (docs/decisions/0006-auth-stand-in.md). With VITE_SUPABASE_URL unset it talks
 * to this site's own /auth/v1. The session it keeps in localStorage under
 * SESSION_STORAGE_KEY is also read synchronously by session.ts, so the header
 * knows Login from Portal before it loads.
 */
import type { GoTrueClient } from '@supabase/auth-js';
import { env } from './env';

export const SESSION_STORAGE_KEY = 'chaps-auth';

/** What the site uses of a Supabase client: its auth, and nothing else. */
export interface SupabaseAuth {
  auth: GoTrueClient;
}

let client: Promise<SupabaseAuth> | undefined;

/**
 * The auth client supabase-js's createClient would build (same package,
 * same URL and headers), without the database, storage, realtime and
 * functions clients this site never calls: 22 KB gzip instead of 50 KB.
 */
export function getSupabase(): Promise<SupabaseAuth> {
  client ??= import('@supabase/auth-js').then(({ AuthClient }) => {
    const base = env.supabaseUrl ?? window.location.origin;
    const auth = new AuthClient({
      url: new URL('auth/v1', base.endsWith('/') ? base : `${base}/`).href,
      headers: { Authorization: `Bearer ${env.supabaseAnonKey}`, apikey: env.supabaseAnonKey },
      storageKey: SESSION_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      // Reads a recovery link's #access_token on /reset-password.
      detectSessionInUrl: true,
      flowType: 'implicit',
    });
    return { auth };
  });
  return client;
}

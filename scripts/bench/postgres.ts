/**
 * A throwaway PostgreSQL database for the PostgreSQL half of the bench:
 * created fresh (so the server migrates and seeds it like a new deploy) and
 * dropped afterwards.
 */
import pg from 'pg';

export interface BenchDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** Returns null when no PostgreSQL answers at adminUrl. */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch {
    await admin.end().catch(() => {});
    return null;
  }
  const name = `bench_${Date.now()}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

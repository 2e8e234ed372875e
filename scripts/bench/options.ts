/**
 * The bench's command line (its modes are listed in scripts/bench.ts's
 * header) and fixed settings: which sections run, the Lighthouse rounds
 * and routes, where Chromium and PostgreSQL are, the load's size and the
 * output file. Apart from scripts/bench.ts so that the steps
 * (scripts/bench/steps.ts) and the run read the same values.
 */
export const args = process.argv.slice(2);
export const REBUILD = args.includes('--rebuild');
export const CONTENTION_ONLY = args.includes('--contention-only');
export const CHECKOUT_ONLY = args.includes('--checkout-only');
export const PROPAGATION_ONLY = args.includes('--propagation-only');
export const LIGHTHOUSE_ONLY = args.includes('--lighthouse-only');
export const ROUTES_ONLY = args.includes('--routes-only');
export const BURST_ONLY = args.includes('--burst-only');
export const SCALE_ONLY = args.includes('--scale');
/** The national scale's men (--scale-members=N, at least 20,000 so the 10,000 backlog fits) and the pairs per read. */
export const SCALE_MEMBERS = Number(argValue('--scale-members') ?? 100_000);
export const SCALE_REQUESTS = Number(argValue('--scale-requests') ?? 300);
export const LIGHTHOUSE_ROUNDS = Number(argValue('--lighthouse-rounds') ?? 3);
export const LIGHTHOUSE_ROUTES = argValue('--lighthouse-routes')?.split(',') ?? ['/', '/book-event-main', '/event/{id}', '/news'];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// The machine's PostgreSQL (the one CI's TEST_DATABASE_URL points at); the
// bench connects to its maintenance database only to create and drop its own.
export const PG_ADMIN_URL = adminUrl(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
export const CONNECTIONS = 200;
export const DURATION_S = 10;
export const OUTPUT = 'docs/benchmarks.md';
export const COMMAND = ['npm run bench', ...(args.length ? ['--', ...args] : [])].join(' ');

function argValue(name: string): string | undefined {
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

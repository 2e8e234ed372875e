/**
 * A hostile path segment never answers 5xx: every route of the app that
 * takes one (found by walking the app's routes, so a new one is covered as
 * soon as it is mounted) is sent, one parameter at a time, a NUL, 5,000
 * characters, broken percent-encoding and a traversal, the others real
 * ids, as a signed-in staff member (who passes both the member and the
 * staff gates, so the segment is what is read next). The built site's
 * catch-all (an event's page, any app path) is in static.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../server/stand-ins/paypal-sandbox/routes';
import { getJson, testApp } from '../fixtures/app';
import { sendJson, type FastMember } from '../fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../fixtures/db';
import { makeEvent } from '../fixtures/events';
import { bookedMembers, makeStaff } from '../fixtures/staff';

const NOW = new Date('2026-06-10T09:00:00Z');
const EVENT = makeEvent({ event_date: '2026-06-20' });

const HOSTILE: [string, string][] = [
  ['a NUL', '%00'],
  ['a NUL inside', 'ab%00cd'],
  ['5,000 characters', 'a'.repeat(5000)],
  ['5,000 digits', '9'.repeat(5000)],
  ['a broken escape', '%E0%A4%A'],
  ['a bare %', '%'],
  ['a non-hex escape', '%ZZ'],
  ['an escaped lone surrogate', '%ED%A0%80'],
  ['a traversal', '..%2f..%2fetc%2fpasswd'],
];

/** Each route with a parameter in its path, once per method and path. */
function routesWithParams(): { method: string; path: string; params: string[] }[] {
  const seen = new Map<string, { method: string; path: string; params: string[] }>();
  for (const { method, path } of testApp().routes) {
    const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    if (method !== 'ALL' && params.length > 0) seen.set(`${method} ${path}`, { method, path, params });
  }
  return [...seen.values()];
}

const ROUTES = routesWithParams();

describe('the routes with a path parameter', () => {
  it('are found by walking the app', () => {
    expect(ROUTES.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/events/:id', 'GET /api/medical/results/:profileId', 'PUT /api/staff/events/:eventId/attendees/:appointmentId/result']),
    );
  });
});

describe.each(ENGINES)('hostile path segments on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let real: Record<string, string>;
  /** A token of the local PayPal sandbox, which its /v2 routes want before they read an id. */
  let paypalToken: string;
  const app = () => testApp({ db: test.db, now: NOW });

  // A fresh database and a booked member: a generous limit, as the machine running the suite may be busy.
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    const [booked] = await bookedMembers(app(), test.db, NOW, EVENT, ['10:00']);
    staff = await makeStaff(test.db, NOW);
    const appointmentId = booked!.appointment.appointment_id;
    const issued = await getJson<{ access_token: string }>(app(), '/dev/paypal/v1/oauth2/token', {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${SANDBOX_CLIENT_ID}:${SANDBOX_CLIENT_SECRET}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    paypalToken = issued.body.access_token;
    real = { id: EVENT.event_id, eventId: EVENT.event_id, appointmentId, profileId: booked!.member.publicId, kind: 'email', z: '1', x: '1', file: '1.png', index: '0' };
  }, 180_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers each hostile segment without a server error', async (_route, { method, path, params }) => {
    const server = app();
    const failures: string[] = [];
    for (const param of params) {
      for (const [label, segment] of HOSTILE) {
        const url = path.replace(/:(\w+)/g, (_, name: string) => (name === param ? segment : (real[name] ?? 'x')));
        // The sandbox's REST paths (v2, and v1's notifications) take its own bearer token; the site's, a staff member's.
        const token = /^\/dev\/paypal\/(v2|v1\/notifications)\//.test(path) ? paypalToken : staff.token;
        const init = method === 'GET' || method === 'HEAD' ? { headers: { Authorization: `Bearer ${token}` } } : sendJson(token, {}, method);
        const { status } = await getJson(server, url, init);
        if (status === 401 || status === 403) failures.push(`${param} as ${label}: ${status}, so the segment was never read`);
        if (status >= 500) failures.push(`${param} as ${label}: ${status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

/**
 * The text rule (docs/decisions/0008-threat-model.md, control 7): a NUL byte,
 * another control character or an unpaired surrogate in any text field is
 * refused at the edge with 422 naming the field, on every form and auth route,
 * never a 500 from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBadText } from '../../server/platform/http/text-rules';
import { getJson, newAddress, testApp } from '../fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../fixtures/db';
import { postAuth, profileFields, signUp, uniqueEmail, withToken } from '../fixtures/members';

const BAD = [
  ['a NUL byte', 'abc\u0000def'],
  ['an unpaired high surrogate', 'abc\ud800'],
  ['an unpaired low surrogate', '\udc00abc'],
  ['a bell', 'ring\u0007'],
  ['a C1 control', 'x\u0085y'],
] as const;

describe('the text rule', () => {
  it.each([
    ['Seán O\u2019Brien 😀', null],
    ['two\nlines\r\nand\ta tab', null],
    [{ data: { ['k\u0000']: 'v' } }, 'data.k\u0000'],
    [{ list: ['ok', 'bad\ud800'] }, 'list.1'],
  ])('finds the bad text in %j', (value, expected) => {
    expect(findBadText(value)).toBe(expected);
  });
});

describe.each(ENGINES)('bad text at the edge on %s', (engine) => {
  let test: TestDatabase;
  const app = () => testApp({ db: test.db });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  describe.each(BAD)('with %s', (_label, bad) => {
    it.each([
      ['/signup', 'email', (v: string) => ({ email: `a${v}@example.org`, password: 'a-good-password-1' })],
      ['/signup', 'data.display_name', (v: string) => ({ email: uniqueEmail(), password: 'a-good-password-1', data: { display_name: v } })],
      ['/token?grant_type=password', 'password', (v: string) => ({ email: 'someone@example.org', password: v })],
      ['/recover', 'email', (v: string) => ({ email: `${v}@example.org` })],
    ])('POST /auth/v1%s refuses it in %s', async (path, field, body) => {
      const res = await postAuth<{ code: string; message: string }>(app(), path, body(bad), {}, newAddress());
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.message).toContain(field);
    });

    it('PUT /auth/v1/user refuses it in data', async () => {
      const session = await signUp(app());
      const res = await getJson<{ code: string; message: string }>(
        app(),
        '/auth/v1/user',
        withToken(session.access_token, { method: 'PUT', body: JSON.stringify({ data: { display_name: bad } }) }),
      );
      expect(res.status).toBe(422);
      expect(res.body.message).toContain('data.display_name');
    });

    it.each([
      ['/api/contact', 'message', { 'first-name': 'Al', 'last-name': 'Li', email: 'al@example.org', 'phone-number': '07700900123' }],
      ['/api/subscriptions', 'name', { email: 'news@example.org', hear_about_event: 'Yes' }],
    ])('POST %s refuses it in %s', async (path, field, rest) => {
      const res = await getJson<{ error: string; issues: { path: string }[] }>(app(), path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...rest, [field]: `text ${bad}` }),
      });
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.issues).toEqual([{ path: field, message: expect.stringContaining(field) }]);
    });

    it('the profile refuses it in the field it is in', async () => {
      const session = await signUp(app());
      const res = await getJson<{ issues: { path: string }[] }>(
        app(),
        '/api/auth/profile',
        withToken(session.access_token, { method: 'POST', body: JSON.stringify(profileFields({ occupation: `Eng${bad}` })) }),
      );
      expect(res.status).toBe(422);
      expect(res.body.issues[0]?.path).toBe('occupation');
    });
  });
});

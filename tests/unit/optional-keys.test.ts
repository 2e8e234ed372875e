/**
 * How zod (4.6.7, the mini build) treats a key left out of a body, which
 * the request schemas depend on: a key whose schema is optional going in
 * and coming out is skipped when absent, checks and all; `z.optional`
 * never runs its inner schema on undefined, even inside a pipe; a
 * transform runs on an absent key. A required field written with an
 * optional step first once let a body without it through (a NOT NULL
 * violation, or nulls stored): the schemas below must refuse a missing
 * required field exactly as a blank one.
 */
import { describe, expect, it } from 'vitest';
import { profileSchema, REQUIRED_ON_CREATE, requiredMessage } from '../../src/domain/member-profile';
import { check, z } from '../../src/domain/schema-kit';
import { checkStaffEvent } from '../../src/domain/staff-event';

const refuseUndefined = z.refine((v: unknown) => v !== undefined, 'required');
const pathsOf = (schema: z.ZodMiniType, input: unknown) => {
  const checked = check(schema, input);
  return checked.ok ? [] : checked.issues.map((i) => `${i.path}: ${i.message}`);
};

describe('zod on a key left out', () => {
  it('skips an optional-in, optional-out key that is absent, its own checks too, but not one sent as undefined', () => {
    const schema = z.object({ name: z.optional(z.nullable(z.string())).check(refuseUndefined) });
    expect(pathsOf(schema, {})).toEqual([]);
    expect(pathsOf(schema, { name: undefined })).toEqual(['name: required']);
  });

  it('never runs z.optional’s inner schema on undefined, even first in a pipe', () => {
    const schema = z.object({ name: z.pipe(z.optional(z.unknown().check(refuseUndefined)), z.transform((v) => v ?? null)) });
    expect(pathsOf(schema, {})).toEqual([]);
    expect(check(schema, {})).toEqual({ ok: true, value: { name: null } });
  });

  it('runs a transform on an absent key, and reports the issues after it when the key’s output is not optional', () => {
    const schema = z.object({
      name: z.pipe(
        z.transform((v: unknown, payload) => {
          if (v === undefined) payload.issues.push({ code: 'custom', message: 'required', input: v });
          return v;
        }),
        z.string(),
      ),
    });
    expect(pathsOf(schema, {})).toEqual(['name: required']);
    const checkedLast = z.object({ name: z.pipe(z.optional(z.nullable(z.string())).check(refuseUndefined), z.transform((v) => v)) });
    expect(pathsOf(checkedLast, {})).toEqual(['name: required']);
  });

  it('refuses a key with no optional step that is absent', () => {
    expect(check(z.object({ name: z.string('Enter a name.') }), {}).ok).toBe(false);
  });
});

describe('a required field left out is refused as a blank one is', () => {
  it('in the profile at sign-up, and kept as it is on edit', () => {
    const missing = check(profileSchema('create', '2026-05-04'), {});
    const blank = check(profileSchema('create', '2026-05-04'), Object.fromEntries(REQUIRED_ON_CREATE.map((f) => [f, ''])));
    const expected = REQUIRED_ON_CREATE.map((field) => ({ path: field, message: requiredMessage(field) }));
    expect(missing).toEqual({ ok: false, issues: expected });
    expect(blank).toEqual({ ok: false, issues: expected });
    expect(check(profileSchema('update', '2026-05-04'), {}).ok).toBe(true);
    expect(pathsOf(profileSchema('update', '2026-05-04'), { first_name: null })).toEqual(['first_name: Enter your first name.']);
  });

  it('in the staff event, where a missing optional field still reads as empty', () => {
    const required = {
      event_name: 'The event name is required.',
      product_id: 'The product id is required.',
      product_name: 'The product name is required.',
      product_price: 'The product price (pence) is required.',
      event_date: 'The date is required.',
      start_time: 'The start time is required.',
      end_time: 'The end time is required.',
      session_duration: 'The session length (minutes) is required.',
      total_spaces: 'The number of places is required.',
      places_per_slot: 'Places per time is required.',
      address_line_1: 'Address line 1 is required.',
      city: 'The town or city is required.',
      postcode: 'The postcode is required.',
    };
    const asIssues = (found: ReturnType<typeof checkStaffEvent>) => Object.fromEntries(found.issues.map((i) => [i.field, i.message]));
    const missing = asIssues(checkStaffEvent({ category: 'community' }));
    const blank = asIssues(checkStaffEvent({ category: 'community', ...Object.fromEntries(Object.keys(required).map((f) => [f, ' '])) }));
    expect(missing).toEqual(required);
    expect(blank).toEqual(required);
  });
});

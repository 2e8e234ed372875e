/** The staff attendee bodies' schemas (src/domain/staff-bodies.ts) as tables. */
import { describe, expect, it } from 'vitest';
import { check } from '../../src/domain/schema-kit';
import { checkInsBodySchema, resultEntrySchema } from '../../src/domain/staff-bodies';

const AT = '2026-06-20T09:00:00Z';
const LIST = 'check_ins must be a list of 1 to 500 check-ins.';

describe('check-ins', () => {
  it.each([
    [{ check_ins: [{ appointment_id: 'a1', checked_in_at: AT, extra: 1 }] }, null],
    [{ check_ins: [] }, ['check_ins', LIST]],
    [{ check_ins: 'all' }, ['check_ins', LIST]],
    [{ check_ins: Array(501).fill({ appointment_id: 'a', checked_in_at: AT }) }, ['check_ins', LIST]],
    [{ check_ins: [7] }, ['check_ins.0.appointment_id', 'Each check-in needs an appointment_id.']],
    [{ check_ins: [{ appointment_id: 'x'.repeat(65), checked_in_at: AT }] }, ['check_ins.0.appointment_id', 'Each check-in needs an appointment_id.']],
    [{ check_ins: [{ appointment_id: 'a', checked_in_at: 'yesterday' }] }, ['check_ins.0.checked_in_at', 'Each check-in needs checked_in_at, an ISO date and time.']],
  ])('%j', (body, first) => {
    const checked = check(checkInsBodySchema, body);
    if (first === null) expect(checked).toEqual({ ok: true, value: { check_ins: [{ appointment_id: 'a1', checked_in_at: AT }] } });
    else expect(checked.ok ? null : [checked.issues[0]!.path, checked.issues[0]!.message]).toEqual(first);
  });
});

describe('one result', () => {
  it.each([
    [{ test_result: 1.25 }, { ok: true, value: { value: 1.25, comment: null, sampleDate: null, sampleId: null, replaces: null } }],
    [
      { test_result: '4', comments: '  see GP ', sample_date: '2026-06-19' },
      { ok: true, value: { value: 4, comment: 'see GP', sampleDate: '2026-06-19', sampleId: null, replaces: null } },
    ],
    [{ test_result: '2', comments: '   ' }, { ok: true, value: { value: 2, comment: null, sampleDate: null, sampleId: null, replaces: null } }],
    // The tube's sample id, as scanned or typed: normalised, its check character proven.
    [{ test_result: '2', sample_id: ' 7kq2-m9pt ' }, { ok: true, value: { value: 2, comment: null, sampleDate: null, sampleId: '7KQ2M9PT', replaces: null } }],
    // A correction names the value the form showed: a number or its text, as the value itself may be.
    [{ test_result: '2.5', replaces: 3.3 }, { ok: true, value: { value: 2.5, comment: null, sampleDate: null, sampleId: null, replaces: 3.3 } }],
    [{ test_result: '2.5', replaces: '3.30' }, { ok: true, value: { value: 2.5, comment: null, sampleDate: null, sampleId: null, replaces: 3.3 } }],
    [{ test_result: '2.5', replaces: null }, { ok: true, value: { value: 2.5, comment: null, sampleDate: null, sampleId: null, replaces: null } }],
    [{ test_result: '2.5', replaces: 'the old one' }, { ok: false, issues: [{ path: 'replaces', message: 'replaces must be the value of the result this one corrects, or null.' }] }],
    [{ test_result: '2.5', replaces: [3.3] }, { ok: false, issues: [{ path: 'replaces', message: 'replaces must be the value of the result this one corrects, or null.' }] }],
    [{}, { ok: false, issues: [{ path: 'test_result', message: 'Enter the PSA value in ng/ml.' }] }],
    [{ test_result: '1.234' }, { ok: false, issues: [{ path: 'test_result', message: 'The PSA value must be a number with at most two decimals, like 1.25.' }] }],
    [{ test_result: 2, comments: 'x'.repeat(501) }, { ok: false, issues: [{ path: 'comments', message: 'The comment must be text of at most 500 characters.' }] }],
    [{ test_result: 2, comments: 'bell\u0007' }, { ok: false, issues: [{ path: 'comments', message: 'The comment must be text of at most 500 characters.' }] }],
    [{ test_result: 2, sample_date: '19/06/2026' }, { ok: false, issues: [{ path: 'sample_date', message: 'The sample date must be YYYY-MM-DD.' }] }],
    [
      { test_result: 2, sample_id: '7KQ2-MP9T' },
      {
        ok: false,
        issues: [{ path: 'sample_id', message: 'That sample id is not valid: its last character does not match (a typing or transposition error). Scan or type it again.' }],
      },
    ],
  ])('%j', (body, expected) => expect(check(resultEntrySchema, body)).toEqual(expected));
});

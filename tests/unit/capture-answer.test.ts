import { describe, expect, it } from 'vitest';
import { amountMismatch, captureAnswerForPage, captureOutcome, issueOf, moneyInPence, transactionRecord } from '../../server/modules/payments/capture-answer';

const captured = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'ORDER1234567890',
  status: 'COMPLETED',
  payment_source: { card: { name: 'A Member', last_digits: '1111', expiry: '2030-12', brand: 'VISA', type: 'CREDIT', bin_details: { issuing_bank: 'Bank' } } },
  purchase_units: [{ payments: { captures: [{ id: 'CAP123456', status, amount: { currency_code: 'GBP', value: '25.00' }, processor_response: { avs_code: 'Y', cvv_code: 'M', response_code: '0000' } }] } }],
  links: [{ href: 'https://api.paypal.com/x' }],
  payer: { email_address: 'someone@example.org' },
  ...extra,
});
const issue = (name: string, key: 'details' | 'issues' = 'details') => ({ name: 'UNPROCESSABLE_ENTITY', message: 'm', [key]: [{ issue: name, description: `${name} words` }], debug_id: 'dbg1' });

describe('captureOutcome: the capture’s own status decides', () => {
  it.each([
    ['a completed capture', 201, captured('COMPLETED'), { kind: 'completed', captureId: 'CAP123456' }],
    ['a decline sent as HTTP 201 with the order COMPLETED', 201, captured('DECLINED'), { kind: 'failed', issue: 'CAPTURE_DECLINED', captureId: 'CAP123456' }],
    ['a pending capture', 201, captured('PENDING'), { kind: 'unknown' }],
    ['INSTRUMENT_DECLINED', 422, issue('INSTRUMENT_DECLINED'), { kind: 'recoverable', issue: 'INSTRUMENT_DECLINED', captureId: null }],
    ['PAYER_ACTION_REQUIRED under `issues`', 422, issue('PAYER_ACTION_REQUIRED', 'issues'), { kind: 'recoverable', issue: 'PAYER_ACTION_REQUIRED', captureId: null }],
    ['ORDER_NOT_APPROVED', 422, issue('ORDER_NOT_APPROVED'), { kind: 'failed', issue: 'ORDER_NOT_APPROVED', captureId: null }],
    ['ORDER_ALREADY_CAPTURED (read the order instead)', 422, issue('ORDER_ALREADY_CAPTURED'), { kind: 'unknown' }],
    ['PayPal unreachable', 0, { name: 'UNREACHABLE' }, { kind: 'unknown' }],
    ['a PayPal server error', 503, { name: 'SERVICE_UNAVAILABLE' }, { kind: 'unknown' }],
    ['no capture at all', 201, { id: 'ORDER1234567890', status: 'COMPLETED' }, { kind: 'failed', issue: 'CAPTURE_MISSING', captureId: null }],
  ])('%s', (_, status, body, expected) => {
    expect(captureOutcome({ status, body })).toEqual(expected);
  });
});

describe('what is kept and shown', () => {
  it('records the transaction record’s fields from the capture and the card', () => {
    expect(transactionRecord('ORDER1234567890', { status: 201, body: captured('COMPLETED') })).toEqual({
      payer_name: 'A Member', amount: '25.00', payment_reference: 'ORDER1234567890', status: 'COMPLETED', payment_method: 'card',
      card_brand: 'VISA', card_last_digits: '1111', card_expiry: '2030-12', issuing_bank: 'Bank', avs_code: 'Y', cvv_code: 'M',
    });
    expect(transactionRecord('O', { status: 422, body: issue('INSTRUMENT_DECLINED') }).status).toBe('INSTRUMENT_DECLINED');
  });

  it('shows the page the capture and card only: no links, no payer email', () => {
    const shown = JSON.stringify(captureAnswerForPage({ status: 201, body: captured('COMPLETED') }));
    expect(shown).not.toContain('someone@example.org');
    expect(shown).not.toContain('api.paypal.com');
    expect(shown).toContain('CAP123456');
  });

  it('passes an error on in PayPal’s shape, hostile lengths cut', () => {
    const long = { ...issue('INSTRUMENT_DECLINED'), details: [{ issue: 'INSTRUMENT_DECLINED', description: 'x'.repeat(5000) }] };
    const shown = captureAnswerForPage({ status: 422, body: long }) as { details: { description: string }[]; debug_id: string };
    expect(shown.details[0]!.description).toHaveLength(300);
    expect(shown.debug_id).toBe('dbg1');
    expect(issueOf({})).toBeNull();
  });
});

describe('amountMismatch: the capture must be the order’s amount and currency', () => {
  const withAmount = (amount: unknown) => ({
    status: 201,
    body: { ...captured('COMPLETED'), purchase_units: [{ payments: { captures: [{ id: 'CAP123456', status: 'COMPLETED', amount }] } }] },
  });
  it.each<[string, unknown, string | null]>([
    ['equal', { currency_code: 'GBP', value: '25.00' }, null],
    ['equal, written without pence', { currency_code: 'GBP', value: '25' }, null],
    ['a penny', { currency_code: 'GBP', value: '0.01' }, 'PayPal captured GBP 0.01 for an order of GBP 25.00'],
    ['a penny more', { currency_code: 'GBP', value: '25.01' }, 'PayPal captured GBP 25.01 for an order of GBP 25.00'],
    ['another currency', { currency_code: 'USD', value: '25.00' }, 'PayPal captured USD 25.00 for an order of GBP 25.00'],
    ['no amount', undefined, 'PayPal stated no amount for the capture of an order of GBP 25.00'],
    ['a number, not PayPal’s string', { currency_code: 'GBP', value: 25 }, 'PayPal stated no amount for the capture of an order of GBP 25.00'],
    ['three decimals', { currency_code: 'GBP', value: '25.001' }, 'PayPal stated no amount for the capture of an order of GBP 25.00'],
  ])('%s', (_, amount, expected) => {
    expect(amountMismatch(withAmount(amount), 2500)).toBe(expected);
  });

  it('reads PayPal money as pence', () => {
    expect(moneyInPence({ currency_code: 'GBP', value: '0.5' })).toEqual({ pence: 50, currency: 'GBP' });
    expect(moneyInPence({ currency_code: 'GBP', value: '-1.00' })).toBeNull();
  });
});

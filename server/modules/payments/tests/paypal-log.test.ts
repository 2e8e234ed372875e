/**
 * What the log keeps of a PayPal answer the server could not act on: the
 * error's own fields and an order's id and status, never the payer's name,
 * email or address that a capture's answer carries.
 */
import { describe, expect, it } from 'vitest';
import { paypalBodyForLog } from '../payment-error';

describe('a PayPal answer in the log', () => {
  it('keeps an order’s id and status and drops the payer', () => {
    const capture = {
      id: '5O190127TN364715T',
      status: 'PENDING',
      payer: { name: { given_name: 'Harold', surname: 'Baker' }, email_address: 'harold@example.org', payer_id: 'QYR5Z8XDVJNXQ' },
      purchase_units: [{ shipping: { address: { address_line_1: '12 Mill Lane', postal_code: 'CO2 7AA' } } }],
    };
    const kept = paypalBodyForLog(capture);
    expect(kept).toEqual({ id: '5O190127TN364715T', status: 'PENDING' });
    expect(JSON.stringify(kept)).not.toMatch(/Harold|harold@|Mill Lane|CO2/);
  });

  it('keeps an error’s name, message, debug id and details', () => {
    const error = {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed.',
      debug_id: '90957fca61718',
      details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.', location: 'body' }],
      links: [{ href: 'https://developer.paypal.com/docs/api/orders/v2/#error-INSTRUMENT_DECLINED', rel: 'information_link' }],
    };
    expect(paypalBodyForLog(error)).toEqual({
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed.',
      debug_id: '90957fca61718',
      details: [{ issue: 'INSTRUMENT_DECLINED', field: '', description: 'The instrument presented was declined.' }],
    });
  });

  it('says only what kind of thing a body that is not an object was', () => {
    expect(paypalBodyForLog('<html>Bad gateway</html>')).toEqual({ body: 'string' });
    expect(paypalBodyForLog(null)).toEqual({ body: 'object' });
  });
});

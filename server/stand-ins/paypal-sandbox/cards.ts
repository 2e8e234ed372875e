/**
 * The local sandbox's cards. Any number that passes the Luhn check with a
 * known brand prefix and a future expiry is accepted (PayPal's own sandbox
 * test numbers such as 4111 1111 1111 1111 included). The cardholder name
 * picks a decline the way PayPal's sandbox does
 * (https://developer.paypal.com/tools/sandbox/card-testing/): CCREJECT-REFUSED
 * is refused (INSTRUMENT_DECLINED, recoverable), CCREJECT-IF (insufficient
 * funds) and CCREJECT-EC (expired card) come back as a DECLINED capture.
 *
 * Two names of the stand-in's own (not PayPal's) drive what happens after
 * a payment, so tests and people can see it without waiting on a bank:
 * LOCAL-REFUND-PENDING makes a refund of the payment answer PENDING (it
 * completes or fails later through /dev/paypal/sandbox), and
 * LOCAL-CAPTURE-1P captures £0.01 whatever the order's amount.
 */

export type CardDecline = 'REFUSED' | 'INSUFFICIENT_FUNDS' | 'EXPIRED_CARD' | null;

export function declineFor(cardholderName: string): CardDecline {
  const name = cardholderName.toUpperCase();
  if (name.includes('CCREJECT-REFUSED')) return 'REFUSED';
  if (name.includes('CCREJECT-IF')) return 'INSUFFICIENT_FUNDS';
  if (name.includes('CCREJECT-EC')) return 'EXPIRED_CARD';
  return null;
}

/** PayPal processor response codes for the declines above. */
export const PROCESSOR_CODES: Record<Exclude<CardDecline, null>, string> = {
  REFUSED: '0500',
  INSUFFICIENT_FUNDS: '5120',
  EXPIRED_CARD: '5400',
};

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string | null {
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^6(011|5)/.test(digits)) return 'DISCOVER';
  return null;
}

/** PayPal's card expiry, "YYYY-MM" (Orders v2's date_year_month); anything else PayPal refuses as malformed. */
export const isPayPalExpiry = (expiry: string) => /^[0-9]{4}-(0[1-9]|1[0-2])$/.test(expiry);

/** Whether a "YYYY-MM" expiry is this month or later, at `now` (UTC months are close enough for a stand-in). */
export function notExpired(expiry: string, now: Date): boolean {
  const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return expiry >= current;
}

export type AfterPayment = 'REFUND_PENDING' | 'CAPTURE_ONE_PENNY' | null;

export function afterPaymentFor(cardholderName: string): AfterPayment {
  const name = cardholderName.toUpperCase();
  if (name.includes('LOCAL-REFUND-PENDING')) return 'REFUND_PENDING';
  if (name.includes('LOCAL-CAPTURE-1P')) return 'CAPTURE_ONE_PENNY';
  return null;
}

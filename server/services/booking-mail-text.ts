/**
 * The words of the booking emails. Everything here is the charity's text or
 * data the server holds about the event; the only thing a member typed is
 * their first name, and only when it looks like a name.
 */
import { CANCELLATION_POLICY, type Appointment } from '../../src/domain/booking';
import { directionsUrl } from '../../src/domain/directions';
import { formatLongDate, formatPence } from '../../src/domain/format';

export const WHAT_TO_BRING =
  'What to bring: photo ID, your NHS number if you know it, and a list of any medicines you take. ' +
  'You do not need to fast before a PSA test, but please avoid vigorous exercise and ejaculation in the 48 hours before it.';

// Letters (any alphabet), spaces, hyphens and apostrophes: a name, never a link or a message.
const NAME = /^[\p{L}][\p{L}\p{M} '’-]{0,49}$/u;

export function greeting(firstName: string): string {
  const name = firstName.trim();
  return NAME.test(name) ? `Dear ${name},` : 'Dear member,';
}

function appointmentLines(appointment: Appointment): string[] {
  return [
    `Event: ${appointment.event_name}`,
    `Test: ${appointment.product_name}`,
    `Date: ${formatLongDate(appointment.event_date)}`,
    `Time: ${appointment.start_time} to ${appointment.end_time} (UK time)`,
    `Address: ${appointment.address}`,
    `Directions: ${directionsUrl(appointment)}`,
    `Booking reference: ${appointment.appointment_id}`,
  ];
}

export function confirmationText(appointment: Appointment, firstName: string): string {
  return [
    greeting(firstName),
    '',
    'Your PSA screening appointment is booked.',
    '',
    ...appointmentLines(appointment),
    ...(appointment.payment_status === 'paid by card' ? [`Paid: ${formatPence(appointment.price)} by card`] : []),
    '',
    WHAT_TO_BRING,
    '',
    CANCELLATION_POLICY,
    'You can see or cancel this booking under My bookings in your portal.',
    '',
    'The attached calendar file adds the appointment to your calendar.',
    '',
    'CHAPS',
  ].join('\n');
}

export function cancellationText(appointment: Appointment, firstName: string): string {
  return [
    greeting(firstName),
    '',
    'Your PSA screening appointment has been cancelled, as you asked.',
    '',
    ...appointmentLines(appointment),
    '',
    'The attached calendar file removes the appointment from your calendar.',
    'If this was a mistake, you are welcome to book again while places remain.',
    '',
    'CHAPS',
  ].join('\n');
}

/**
 * Why money came back: the member cancelled in time, the payment arrived
 * after the place had gone, the charity cancelled the event, or PayPal
 * took another amount than the booking's price (so it confirmed nothing).
 */
export type RefundReason = 'cancelled' | 'place_gone' | 'event_cancelled' | 'amount_mismatch';

const REFUND_REASONS: Record<RefundReason, (amount: string) => string> = {
  cancelled: (amount) => `You cancelled this booking more than 2 business days before it, so we have refunded ${amount} to your card in full.`,
  place_gone: (amount) =>
    `Your card payment of ${amount} reached us after your 15-minute hold had ended and the place had been taken, so the booking could not be made. We have refunded ${amount} to your card in full.`,
  event_cancelled: (amount) => `The charity cancelled this event, so we have refunded ${amount} to your card in full.`,
  amount_mismatch: (amount) =>
    `The amount taken from your card (${amount}) did not match the price of this booking, so the booking could not be made. We have refunded ${amount} to your card in full.`,
};

export function refundText(appointment: Appointment, firstName: string, amount: string, reason: RefundReason): string {
  return [
    greeting(firstName),
    '',
    REFUND_REASONS[reason](amount),
    'Refunds are issued within 14 business days; your bank may take a few days more to show it.',
    '',
    ...appointmentLines(appointment),
    '',
    reason === 'cancelled' ? 'You are welcome to book again while places remain.' : 'You are welcome to book another time or event while places remain.',
    '',
    'CHAPS',
  ].join('\n');
}

/**
 * A refused booking in words a man can act on (BOOKING_REFUSAL_MESSAGES,
 * never a code), with the way forward where there is one: enter the access
 * code again, give the NHS number, see My bookings, or find another event.
 */
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { BOOKING_REFUSAL_MESSAGES, type BookingRefusal } from '@/domain/booking';

function nextStep(code: BookingRefusal, eventId: string) {
  switch (code) {
    case 'access_code_required':
      return <Link to={paths.event(eventId)}>Enter the access code again</Link>;
    case 'nhs_number_required':
      return <Link to={paths.checkNhsNumberFor(eventId)}>Give your NHS number</Link>;
    case 'already_booked':
      return <Link to={paths.myBookings}>Go to My bookings</Link>;
    case 'event_passed':
    case 'booking_closed':
    case 'fully_booked':
    case 'event_not_found':
      return <Link to={paths.bookEventMain}>See other events</Link>;
    default:
      return null;
  }
}

export function RefusalNotice({ code, eventId }: { code: BookingRefusal; eventId: string }) {
  const next = nextStep(code, eventId);
  return (
    <div className="notice notice-error" role="alert">
      <p>{BOOKING_REFUSAL_MESSAGES[code]}</p>
      {next && <p>{next}</p>}
    </div>
  );
}

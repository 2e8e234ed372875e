/**
 * /my-bookings: the member's bookings, upcoming first (soonest first), then
 * past and cancelled, then the waiting lists he is on; each confirmed
 * booking's ticket opens under Show ticket (docs/rules.md#tickets). Saved for offline reading under the member's id, like
 * the results; the page-wide notice says when the copy was saved.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import type { Appointment, MemberAppointment } from '@/domain/booking';
import { groupAppointments } from '@/domain/my-bookings';
import { RequireMember } from '@/lib/require-member';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { useAppointments } from '../api/get-appointments';
import { useProfile } from '../api/get-profile';
import { AppointmentCard } from '../components/appointment-card';
import { CancelBookingDialog } from '../components/cancel-booking-dialog';
import { MemberSidebar } from '../components/member-sidebar';
import { WaitingListsSection } from '../components/waiting-lists-section';
import '../account.css';

function BookingList({ title, items, now, onCancel }: { title: string; items: MemberAppointment[]; now: Date; onCancel: (a: Appointment) => void }) {
  const id = `bookings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="booking-list">
        {items.map((a) => (
          <AppointmentCard key={a.appointment_id} appointment={a} now={now} onCancel={onCancel} />
        ))}
      </ul>
    </section>
  );
}

function MyBookings({ userId }: { userId: string }) {
  const profile = useProfile(userId);
  const appointments = useAppointments(userId);
  const now = useNow();
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const grouped = appointments.data ? groupAppointments(appointments.data, now) : null;
  return (
    <div className="page member-page">
      <MemberSidebar profile={profile.data} />
      <section className="member-main" aria-labelledby="bookings-title">
        <h1 id="bookings-title">My bookings</h1>
        {grouped ? (
          grouped.upcoming.length + grouped.past.length === 0 ? (
            <p>
              You have no bookings yet. <Link to={paths.bookEventMain}>Find a screening event</Link>
            </p>
          ) : (
            <>
              {grouped.upcoming.length > 0 ? (
                <BookingList title="Upcoming" items={grouped.upcoming} now={now} onCancel={setCancelling} />
              ) : (
                <p>
                  You have no upcoming bookings. <Link to={paths.bookEventMain}>Find a screening event</Link>
                </p>
              )}
              {grouped.past.length > 0 && (
                <BookingList title="Past and cancelled" items={grouped.past} now={now} onCancel={setCancelling} />
              )}
            </>
          )
        ) : appointments.isError ? (
          <p className="form-failure" role="alert">
            {appointments.error.message}
          </p>
        ) : (
          <Spinner label="Loading your bookings" />
        )}
        <WaitingListsSection userId={userId} />
      </section>
      <CancelBookingDialog appointment={cancelling} userId={userId} onClose={() => setCancelling(null)} />
    </div>
  );
}

export default function MyBookingsPage() {
  useDocumentTitle('My bookings');
  return <RequireMember>{(member) => <MyBookings userId={member.userId} />}</RequireMember>;
}

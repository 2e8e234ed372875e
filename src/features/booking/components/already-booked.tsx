/**
 * /book-event for an event the member is already booked for: he is told
 * so, with his time, instead of being offered a second booking (which
 * the server would refuse, and which once ended on a "Successfully
 * confirmed" page showing his old time). Change time opens the grid of
 * this event's free times, at once when he came from My bookings' Change
 * time (`changeNow`), with his own time marked as his, not as taken; the server moves the booking (its payment kept)
 * and emails the new time with an updated calendar file. The outcome, a
 * refusal, or a lost connection is said where he is looking, and focus
 * goes to it.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { CHANGE_REFUSAL_MESSAGES, isChangeRefusal, type Appointment } from '@/domain/booking';
import type { ScreeningEvent } from '@/domain/event';
import { formatLongDate, formatTime } from '@/domain/format';
import { slotTimes } from '@/domain/slots';
import { errorCode } from '@/lib/api-client';
import { useBrowserOnline } from '@/lib/online';
import { NotSentNotice } from '@/lib/ui/not-sent-notice';
import { useChangeSlots, useChangeTime } from '../api/change-time';
import { SlotsPanel } from './slots-panel';

interface AlreadyBookedProps {
  event: ScreeningEvent;
  appointment: Appointment;
  userId: string;
  /** Open the grid of free times at once (he chose Change time in My bookings). */
  changeNow?: boolean;
}

/** Refusals after which the grid is asked for again and another time chosen. */
const CHOOSE_AGAIN = new Set(['slot_taken', 'invalid_slot', 'same_time', 'booking_changed']);

export function AlreadyBooked({ event, appointment, userId, changeNow = false }: AlreadyBookedProps) {
  const [changing, setChanging] = useState(changeNow);
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(null);
  const [moved, setMoved] = useState<Appointment | null>(null);
  const change = useChangeTime(userId, appointment);
  const slots = useChangeSlots(userId, appointment.appointment_id, changing);
  const online = useBrowserOnline();
  const resultRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLHeadingElement>(null);
  const available = new Set((slots.data?.[event.event_date]?.availableTimeSlots ?? []).filter((s) => s !== appointment.start_time));
  const slotsRefusal = errorCode(slots.error);
  const cannotChange = isChangeRefusal(slotsRefusal) ? slotsRefusal : null;
  const code = errorCode(change.error);
  const refused = isChangeRefusal(code) ? code : null;

  useEffect(() => {
    if (moved || change.error) resultRef.current?.focus();
  }, [moved, change.error]);
  useEffect(() => {
    if (changing) gridRef.current?.focus();
  }, [changing]);

  const submit = () => {
    if (!chosen) return;
    change.mutate(chosen, {
      onSuccess: (answer) => {
        setMoved(answer);
        setChanging(false);
        setChosen(null);
      },
      onError: (error) => {
        const failed = errorCode(error);
        if (failed && CHOOSE_AGAIN.has(failed)) {
          setChosen(null);
          void slots.refetch();
        }
      },
    });
  };

  return (
    <section className="already-booked" aria-labelledby="already-booked-title">
      {moved ? (
        <div className="notice" role="status" tabIndex={-1} ref={resultRef}>
          <h2 id="already-booked-title">Your booking has moved</h2>
          <p>
            Your appointment is now at <strong>{formatTime(moved.start_time)} on {formatLongDate(moved.event_date)}</strong>
            , {event.event_name}.
          </p>
          <p>We have emailed you the new time, with an updated calendar file that moves the entry in your calendar.</p>
          <p>
            <Link to={paths.myBookings}>Go to My bookings</Link>
          </p>
        </div>
      ) : changing && changeNow ? null : (
        <div className="notice">
          <h2 id="already-booked-title">You are already booked for this event</h2>
          <p>
            Your appointment is at <strong>{formatTime(appointment.start_time)} on {formatLongDate(appointment.event_date)}</strong>.
            Nothing new has been booked.
          </p>
          <p>
            You can change your time below, or see and cancel the booking in <Link to={paths.myBookings}>My bookings</Link>.
          </p>
        </div>
      )}

      {!moved && !changing && (
        <button type="button" className="button button-primary button-large" onClick={() => setChanging(true)}>
          Change time
        </button>
      )}

      {!moved && changing && (
        <div className="change-time">
          <h2 id={changeNow ? 'already-booked-title' : 'change-time-title'} tabIndex={-1} ref={gridRef}>
            Choose a new time
          </h2>
          <p>
            Your appointment is at <strong>{formatTime(appointment.start_time)} on {formatLongDate(appointment.event_date)}</strong>
            . It stays at {formatTime(appointment.start_time)} until you confirm the new time.
          </p>
          <div tabIndex={-1} ref={resultRef}>
            {refused && (
              <div className="notice notice-error" role="alert">
                <p>{CHANGE_REFUSAL_MESSAGES[refused]}</p>
              </div>
            )}
            {change.error && !refused && (
              <NotSentNotice
                error={change.error}
                title="Your time was not changed"
                fallback="An unexpected error occurred. Please try again later."
                onRetry={submit}
                retrying={change.isPending}
              />
            )}
          </div>
          {cannotChange ? (
            <div className="notice notice-error" role="alert">
              <p>{CHANGE_REFUSAL_MESSAGES[cannotChange]}</p>
            </div>
          ) : (
            <SlotsPanel
              eventId={event.event_id}
              query={slots}
              allSlots={slotTimes(event.start_time, event.end_time, event.session_duration)}
              available={available}
              own={appointment.start_time}
              chosen={chosen}
              online={online}
              onChoose={(slot) => {
                change.reset();
                setChosen(slot);
              }}
            />
          )}
          <div className="booking-success-actions">
            <button type="button" className="button button-primary" disabled={!chosen || change.isPending} onClick={submit}>
              {change.isPending ? 'Changing…' : chosen ? `Change time to ${formatTime(chosen)}` : 'Change time'}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={change.isPending}
              onClick={() => {
                change.reset();
                setChosen(null);
                // From My bookings, keeping his time takes him back there.
                if (changeNow) void navigate(paths.myBookings);
                else setChanging(false);
              }}
            >
              Keep {formatTime(appointment.start_time)}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * /book-event once the event is known: the slot step (grid, cancellation
 * policy, 'Proceed to Consent Form', order summary), then the consent form
 * in its place. The step, slot and answers live in the booking draft, so a
 * reload lands on the same step with nothing lost.
 */
import { useEffect, useRef } from 'react';
import { CANCELLATION_POLICY } from '@/domain/booking';
import type { ScreeningEvent } from '@/domain/event';
import { formatLongDate, formatTime } from '@/domain/format';
import { slotTimes } from '@/domain/slots';
import { useBrowserOnline } from '@/lib/online';
import { NotSentNotice } from '@/lib/ui/not-sent-notice';
import { useSlots } from '../api/get-slots';
import { useBookingDraft } from '../booking-draft';
import { needsCard, useSubmitBooking, type BookingFailure } from '../use-submit-booking';
import { ConsentForm } from '@/lib/consent/consent-form';
import { closedState, EventStateNotice } from './event-state-notice';
import { OrderSummary } from './order-summary';
import { RefusalNotice } from './refusal-notice';
import { OfferNotice } from './offer-notice';
import { SlotsPanel } from './slots-panel';

function FailureNotice({ failure, eventId, onRetry, busy }: { failure: BookingFailure; eventId: string; onRetry: () => void; busy: boolean }) {
  if (failure.kind === 'refused') return <RefusalNotice code={failure.code} eventId={eventId} />;
  return failure.kind === 'consent' ? (
    <NotSentNotice error={failure.error} title="Consent Creation Failed"
      fallback="Failed to create consent. Please try again." onRetry={onRetry} retrying={busy} />
  ) : (
    <NotSentNotice error={failure.error} title="Booking Failed"
      fallback="Failed to confirm booking. Please try again later." onRetry={onRetry} retrying={busy} />
  );
}

export function BookingSteps({ event, userId, offer = null }: { event: ScreeningEvent; userId: string; offer?: string | null }) {
  const slots = useSlots(event.event_id, offer);
  const [draft, updateDraft] = useBookingDraft(event.event_id);
  const { submit, failure, clearFailure, busy } = useSubmitBooking({
    event, userId, draft, updateDraft, refreshSlots: () => void slots.refetch(),
  });
  const available = new Set(slots.data?.[event.event_date]?.availableTimeSlots ?? []);
  const loaded = slots.isSuccess && !slots.isFetching;
  const online = useBrowserOnline();
  const closed = closedState(slots.error);

  // Back online: a list that failed for want of a connection is asked for again, unasked.
  const wasOnline = useRef(online);
  const { isError: slotsFailed, refetch: refetchSlots } = slots;
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && slotsFailed && !closed) void refetchSlots();
  }, [online, slotsFailed, closed, refetchSlots]);

  // When the step changes under the member's hand, focus goes to the new step's heading, so a
  // screen reader says where he is and the keyboard starts from the top of it.
  const shownStep = useRef(draft.step);
  useEffect(() => {
    if (shownStep.current === draft.step) return;
    shownStep.current = draft.step;
    document.getElementById(draft.step === 'consent' ? 'consent-title' : 'slots-title')?.focus();
  }, [draft.step]);

  // A chosen time that the fresh list no longer offers is let go, so Proceed cannot send it.
  useEffect(() => {
    if (loaded && draft.slot && !available.has(draft.slot) && draft.step === 'slot') updateDraft({ slot: null });
  });

  const failureNotice = failure && (
    <FailureNotice failure={failure} eventId={event.event_id} onRetry={() => void submit()} busy={busy} />
  );

  // The server says the event takes no bookings (passed, full, closed, cancelled): say so, offer nothing.
  if (closed) return <EventStateNotice state={closed} />;
  // A waiting-list link refused (another member's, ended, altered): its reason, and nothing to book.
  if (offer && slots.isError && !slots.isFetching) return <OfferNotice eventId={event.event_id} token={offer} />;

  if (draft.step === 'consent' && draft.slot) {
    return (
      <div className="booking-consent">
        <p className="booking-chosen">
          Your appointment: <strong>{formatLongDate(event.event_date)} at {formatTime(draft.slot)}</strong>,{' '}
          {event.event_name}
        </p>
        <ConsentForm
          answers={draft.answers}
          onChange={(answers) => updateDraft({ answers })}
          onSubmit={() => void submit()}
          // The listing's notice tells members to click COMPLETE BOOKING: for a free event this is that click.
          submitLabel={needsCard(event) ? 'Continue' : 'COMPLETE BOOKING'}
          busy={busy}
          status={failureNotice}
          onBack={() => {
            clearFailure();
            updateDraft({ step: 'slot' });
          }}
        />
      </div>
    );
  }

  return (
    <div className="booking-layout">
      <section className="booking-slots" aria-labelledby="slots-title">
        <h2 id="slots-title" tabIndex={-1}>
          Date
        </h2>
        <p className="booking-date">{formatLongDate(event.event_date)}</p>
        {offer && <OfferNotice eventId={event.event_id} token={offer} />}
        {failureNotice}
        <SlotsPanel
          eventId={event.event_id}
          query={slots}
          allSlots={slotTimes(event.start_time, event.end_time, event.session_duration)}
          available={available}
          chosen={draft.slot}
          online={online}
          onChoose={(slot) => {
            clearFailure();
            updateDraft({ slot });
          }}
        />
        <p className="cancellation-policy">{CANCELLATION_POLICY}</p>
        <button
          type="button"
          className="button button-primary button-large"
          disabled={!draft.slot || !loaded}
          onClick={() => {
            clearFailure();
            updateDraft({ step: 'consent' });
          }}
        >
          {slots.isFetching ? 'Processing...' : 'Proceed to Consent Form'}
        </button>
      </section>
      <OrderSummary event={event} slot={draft.slot} />
    </div>
  );
}

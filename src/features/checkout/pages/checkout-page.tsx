/**
 * /checkout?event=ID&slot=HH:MM&consent=ID (docs/rules.md#card-payment):
 * 'Checkout' with the card form on the left, 'Your Order' on the right,
 * the messages of docs/rules.md#checkout-messages, then /booking-success.
 * Without the booking in the URL the member goes to /events. A reload resumes
 * the member's hold (the server gives back the same hold and its minutes left);
 * a booking the server already confirmed (say the connection dropped after the
 * card was charged) goes straight to its confirmation instead of asking to pay
 * again. What the summary says about the hold is what the server answered last
 * (asked again after every order and capture), counted down from the seconds it
 * gave, so a phone's clock being off does not change it.
 */
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { paths, queryParams } from '@/lib/paths';
import { readAccessGrant } from '@/lib/access-grant';
import { isNotFound } from '@/lib/api-client';
import { useBrowserOnline } from '@/lib/online';
import { RequireMember } from '@/lib/require-member';
import type { MemberSession } from '@/lib/session';
import { ErrorSummary, type FieldError } from '@/lib/ui/error-summary';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useEvent } from '@/lib/get-event';
import { useNow } from '@/lib/use-now';
import { useCheckoutState, usePaymentsConfig } from '../api/payments-api';
import { CHECKOUT_MESSAGES } from '@/domain/checkout-messages';
import CardForm from '../components/card-form';
import { YourOrder } from '../components/your-order';
import { CARD_FIELDS, useCardPayment, type CardField } from '../use-card-payment';
import '../checkout.css';

interface CheckoutProps {
  member: MemberSession;
  eventId: string;
  slot: string;
  consentId: string;
}

function Checkout({ member, eventId, slot, consentId }: CheckoutProps) {
  const event = useEvent(eventId);
  const state = useCheckoutState(member.userId, eventId);
  const config = usePaymentsConfig();
  const online = useBrowserOnline();
  const now = useNow(15_000);
  const { refetch } = state;
  const payment = useCardPayment({ eventId, appointmentStartTime: slot, consentId, accessGrant: readAccessGrant(eventId) }, () => void refetch());
  // The card fields at fault, in the form's order: one list per error shown (the payment gives a new record each
  // time), so the summary takes focus again for the same words said twice.
  const { fieldErrors } = payment;
  const cardErrors = useMemo(
    () =>
      (Object.keys(CARD_FIELDS) as CardField[]).flatMap((field): FieldError<CardField>[] => {
        const message = fieldErrors[field];
        return message ? [{ field, message }] : [];
      }),
    [fieldErrors],
  );
  const booked = state.data?.appointment;
  const held = booked?.status === 'held' && booked.start_time === slot && state.data?.holdSecondsLeft != null;
  // On this phone's clock: when the answer came, plus the seconds the server said were left.
  const holdEndsAt = held ? state.dataUpdatedAt + state.data!.holdSecondsLeft! * 1000 : null;
  // Once a hold was seen, its absence is news: it ended (a declined card, or time ran out).
  const [holdSeen, setHoldSeen] = useState(false);
  if (held && !holdSeen) setHoldSeen(true);

  // Back online: the server may have confirmed (or refunded) while the page could not hear it.
  useEffect(() => {
    if (online) void refetch();
  }, [online, refetch]);

  if (isNotFound(event.error)) return <Navigate to={paths.events} replace />;
  // Confirmed at this page's time: this checkout's own payment, confirmed while the page could not hear it.
  if (booked?.status === 'confirmed' && booked.start_time === slot) return <Navigate to={paths.bookingSuccessFor(booked.appointment_id)} replace />;
  // Confirmed at another time: an earlier booking, never a confirmation of this one; /book-event says when he is booked.
  if (booked?.status === 'confirmed') return <Navigate to={paths.bookEventFor(eventId)} replace />;
  if (!event.data || !state.data || !config.data) {
    if (event.isError || state.isError || config.isError) {
      return (
        <p role="alert" className="notice notice-error">
          The checkout could not be loaded. Please check your connection and reload this page.
        </p>
      );
    }
    return <Spinner label="Loading the checkout…" />;
  }
  const errorText = payment.notice?.tone === 'error' ? payment.notice.text : null;
  return (
    <div className="checkout-layout">
      <section className="checkout-main" aria-labelledby="checkout-title">
        <h1 id="checkout-title">Checkout</h1>
        <ErrorSummary errors={cardErrors} fieldId={(field) => CARD_FIELDS[field]} message={errorText} />
        <div role="status" className="checkout-alert">
          {payment.notice && payment.notice.tone !== 'error' && <p className={`notice notice-${payment.notice.tone}`}>{payment.notice.text}</p>}
        </div>
        {payment.retryCapture && (
          <button type="button" className="button button-secondary" onClick={() => void payment.retryCapture?.()}>
            Retry
          </button>
        )}
        {payment.processing && <Spinner label={CHECKOUT_MESSAGES.processing} />}
        <CardForm config={config.data} payment={payment} amount={state.data.amount} />
      </section>
      <YourOrder event={event.data} slot={slot} amount={state.data.amount} hold={holdEndsAt !== null ? { endsAt: holdEndsAt } : holdSeen ? 'ended' : null} now={now.getTime()} />
    </div>
  );
}

export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const [params] = useSearchParams();
  const eventId = params.get(queryParams.event) ?? '';
  const slot = params.get(queryParams.slot) ?? '';
  const consentId = params.get(queryParams.consent) ?? '';
  if (!eventId || !/^\d{2}:\d{2}$/.test(slot) || !consentId) return <Navigate to={paths.events} replace />;
  return (
    <div className="page booking-page checkout-page">
      <RequireMember>{(member) => <Checkout member={member} eventId={eventId} slot={slot} consentId={consentId} />}</RequireMember>
    </div>
  );
}

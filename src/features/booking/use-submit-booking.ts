/**
 * Continue on the consent form: save the consent (or reuse the one already
 * saved for the same answers), then ask for the appointment, or for a
 * paid event go to /checkout with the slot and consent in the URL. Each write is
 * preceded by a real connection check. Refusals come back as codes the
 * screen turns into words and next steps; a slot that went meanwhile sends
 * the member back to the grid with the list refreshed and the answers kept.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { isBookingRefusal, type BookingRefusal } from '../../domain/booking';
import { eventPricePence, type ScreeningEvent } from '../../domain/event';
import { forgetAccessGrant, readAccessGrant } from '../../lib/access-grant';
import { errorCode } from '../../lib/api-client';
import { memberKeys } from '../../lib/member-keys';
import { useCreateAppointment } from './api/create-appointment';
import { useCreateConsent } from './api/create-consent';
import { clearDraft, reusableConsentId, type BookingDraft } from './booking-draft';

export type BookingFailure =
  | { kind: 'refused'; code: BookingRefusal }
  | { kind: 'consent'; error: unknown }
  | { kind: 'booking'; error: unknown };

/** A paid event is held and paid for on /checkout; a free one is booked from the consent form. */
export const needsCard = (event: ScreeningEvent) => event.payment_required && eventPricePence(event) > 0;

/** Refusals that mean "choose another time": back to the grid, answers kept. */
const PICK_AGAIN: readonly BookingRefusal[] = ['slot_taken', 'invalid_slot'];

export function useSubmitBooking(args: {
  event: ScreeningEvent;
  userId: string;
  draft: BookingDraft;
  updateDraft: (change: Partial<BookingDraft>) => void;
  refreshSlots: () => void;
}) {
  const { event, userId, draft, updateDraft, refreshSlots } = args;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const consent = useCreateConsent();
  const book = useCreateAppointment(userId);
  const [failure, setFailure] = useState<BookingFailure | null>(null);

  async function submit() {
    if (!draft.slot) return;
    setFailure(null);
    let consentId = reusableConsentId(draft);
    if (!consentId) {
      try {
        consentId = await consent.mutateAsync({ eventId: event.event_id, eventDate: event.event_date, answers: draft.answers });
        updateDraft({ consentId, savedAnswers: draft.answers });
      } catch (error) {
        setFailure({ kind: 'consent', error });
        return;
      }
    }
    if (needsCard(event)) {
      // The server confirms a paid booking from the card capture.
      navigate(paths.checkoutFor(event.event_id, draft.slot, consentId));
      return;
    }
    try {
      const appointment = await book.mutateAsync({
        eventId: event.event_id,
        appointmentStartTime: draft.slot,
        consentId,
        accessGrant: readAccessGrant(event.event_id),
      });
      clearDraft(event.event_id);
      navigate(paths.bookingSuccessFor(appointment.appointment_id), { replace: true });
    } catch (error) {
      const code = errorCode(error);
      if (!isBookingRefusal(code)) {
        setFailure({ kind: 'booking', error });
        return;
      }
      if (PICK_AGAIN.includes(code)) {
        updateDraft({ step: 'slot', slot: null });
        refreshSlots();
      }
      if (code === 'access_code_required') forgetAccessGrant(event.event_id);
      // Booked meanwhile (another tab, another device): his bookings are read again, and the page says when he is booked.
      if (code === 'already_booked') void queryClient.invalidateQueries({ queryKey: memberKeys.appointments(userId) });
      // The server no longer accepts that consent for this booking: file the answers afresh next time.
      if (code === 'consent_required') updateDraft({ consentId: null, savedAnswers: null });
      setFailure({ kind: 'refused', code });
    }
  }

  return { submit, failure, clearFailure: () => setFailure(null), busy: consent.isPending || book.isPending };
}

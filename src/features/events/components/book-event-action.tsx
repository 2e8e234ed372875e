/**
 * BOOK EVENT when the card state allows it, otherwise a disabled button
 * saying why. Nobody is signed in yet (accounts come later), so booking
 * starts at /login, which returns to the NHS number check for ESNEFT events
 * (the lab rejects samples without one) or straight to slot booking.
 */
import { useNavigate } from 'react-router-dom';
import { CARD_LABELS, cardState } from '../../../domain/event-card';
import { isEsneftEvent, type ScreeningEvent } from '../../../domain/event';
import { paths } from '../../../app/paths';

export interface LoginRedirectState {
  returnTo: string;
  event: ScreeningEvent;
}

export function BookEventAction({ event, now }: { event: ScreeningEvent; now: Date }) {
  const navigate = useNavigate();
  const state = cardState(event, now);

  if (state !== 'book') {
    return (
      <button type="button" className="button button-large" disabled>
        {CARD_LABELS[state]}
      </button>
    );
  }

  function book() {
    const loginState: LoginRedirectState = {
      returnTo: isEsneftEvent(event) ? paths.checkNhsNumber : paths.bookEvent,
      event,
    };
    navigate(paths.login, { state: loginState });
  }

  return (
    <button type="button" className="button button-primary button-large" onClick={book}>
      BOOK EVENT
    </button>
  );
}

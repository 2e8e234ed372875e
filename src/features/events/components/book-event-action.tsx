/**
 * BOOK EVENT when the card state allows it, otherwise a disabled button
 * saying why. A private event first asks for its access code (unless this
 * tab already holds a grant). Then: a visitor goes to /login, which returns
 * to the next step; a member goes straight there. The next step is the NHS
 * number check for ESNEFT events (the lab rejects samples without one), else
 * slot booking, with the event id in the URL so a reload or a shared link
 * still knows the event.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CARD_LABELS, cardState } from '@/domain/event-card';
import { isEsneftEvent, type ScreeningEvent } from '@/domain/event';
import { paths } from '@/lib/paths';
import { readAccessGrant } from '@/lib/access-grant';
import { useSession } from '@/lib/session';
import { awaitingCode, useControlsReady } from '@/lib/use-in-browser';
import { AccessCodeDialog } from './access-code-dialog';

/** Where BOOK EVENT leads once any access code is accepted. */
export function bookingStart(event: ScreeningEvent): string {
  return isEsneftEvent(event) ? paths.checkNhsNumberFor(event.event_id) : paths.bookEventFor(event.event_id);
}

export function BookEventAction({ event, now }: { event: ScreeningEvent; now: Date }) {
  const navigate = useNavigate();
  const session = useSession();
  const [askingCode, setAskingCode] = useState(false);
  // On a page the server drew, a press before the code runs would do nothing.
  const ready = useControlsReady();
  const state = cardState(event, now);

  if (state !== 'book') {
    return (
      <button type="button" className="button button-large" disabled>
        {CARD_LABELS[state]}
      </button>
    );
  }

  function proceed() {
    const target = bookingStart(event);
    if (session.status === 'signed-in') navigate(target);
    else navigate(paths.login, { state: { from: target } });
  }

  function book() {
    if (event.is_private && !readAccessGrant(event.event_id)) setAskingCode(true);
    else proceed();
  }

  return (
    <>
      <button type="button" className="button button-primary button-large" onClick={book} {...awaitingCode(ready)}>
        BOOK EVENT
      </button>
      {event.is_private && (
        <AccessCodeDialog
          eventId={event.event_id}
          open={askingCode}
          onCancel={() => setAskingCode(false)}
          onGranted={() => {
            setAskingCode(false);
            proceed();
          }}
        />
      )}
    </>
  );
}

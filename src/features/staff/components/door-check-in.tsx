/**
 * Checking a man in at the door (docs/rules.md#check-in): Scan ticket
 * opens the camera on his ticket's QR code, or the volunteer types the code
 * printed under it, or taps his name on the list. Whichever way, the
 * booking is checked against the saved list with no signal needed
 * (door-check.ts), and a booking that may be checked in shows his full
 * name, date of birth, NHS number and slot: the volunteer asks him to state
 * them (positive identification) before confirming. Confirming queues the
 * check-in with the sample id this phone proposes (his printed label's, if
 * he has one) and says which id to put on his tube; the server keeps it or
 * says to relabel once the check-in reaches it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AttendeeList } from '@/domain/attendee-list';
import { londonTime } from '@/domain/london-time';
import { formatSampleId, newSampleId } from '@/domain/sample-id';
import { attendeeName, type Attendee } from '@/domain/staff-attendees';
import { importTicketKey } from '@/domain/ticket';
import type { QueuedCheckIn, SampleRelabel } from '../check-in-queue';
import { canHaveSample, checkCode, checkScan, formatDateOfBirth, formatNhsNumber, refusalText, type DoorCheck } from '@/domain/door-check';
import { fetchEvent } from '@/lib/get-event';
import { BarcodeScanner } from './barcode-scanner';
import '@/lib/ui/forms.css';

export interface DoorCheckInProps {
  list: AttendeeList;
  queued: readonly QueuedCheckIn[];
  relabels: readonly SampleRelabel[];
  /** What the door is looking at now (a scan, a code, a tapped name), or null; the page holds it so a name tap can set it. */
  check: DoorCheck | null;
  onCheck: (check: DoorCheck | null) => void;
  /** sampleId: the id for his tube; null, none possible (no valid NHS number); undefined, none asked (he could not be identified here). */
  onConfirm: (appointmentId: string, sampleId: string | null | undefined) => Promise<void>;
  onDismissRelabel: (appointmentId: string) => void;
}

interface Done {
  /** Null for a man not on the saved list. */
  name: string | null;
  sampleId: string | null;
  printed: boolean;
  /** Not on the saved list: no sample id was asked for. */
  unlisted: boolean;
}

function useTicketKey(jwk: AttendeeList['ticket_key'] | undefined): CryptoKey | null {
  const [loaded, setLoaded] = useState<{ id: string; key: CryptoKey } | null>(null);
  const x = jwk?.x;
  const y = jwk?.y;
  const id = x && y ? `${x}.${y}` : null;
  useEffect(() => {
    let live = true;
    if (x && y) {
      importTicketKey({ kty: 'EC', crv: 'P-256', x, y }).then(
        (key) => live && setLoaded({ id: `${x}.${y}`, key }),
        () => {
          // A key that will not import leaves scanning off; codes and names still work.
        },
      );
    }
    return () => {
      live = false;
    };
  }, [x, y]);
  return loaded && loaded.id === id ? loaded.key : null;
}

function Identity({ attendee }: { attendee: Attendee }) {
  return (
    <dl className="door-identity">
      <div>
        <dt>Full name</dt>
        <dd>{attendeeName(attendee)}</dd>
      </div>
      <div>
        <dt>Date of birth</dt>
        <dd>{attendee.date_of_birth ? formatDateOfBirth(attendee.date_of_birth) : <strong>Not on file</strong>}</dd>
      </div>
      <div>
        <dt>NHS number</dt>
        <dd>{attendee.nhs_number ? formatNhsNumber(attendee.nhs_number) : <strong>Not on file</strong>}</dd>
      </div>
      <div>
        <dt>Slot</dt>
        <dd>
          {attendee.start_time} to {attendee.end_time}
        </dd>
      </div>
    </dl>
  );
}

function relabelText(relabel: SampleRelabel, name: string): string {
  const was = relabel.proposed ? formatSampleId(relabel.proposed) : null;
  if (relabel.sample_id && was) return `${name}: relabel his tube. His sample id is ${formatSampleId(relabel.sample_id)}, not ${was} (he already had one, or another phone checked him in first).`;
  if (relabel.sample_id) return `${name}: write sample id ${formatSampleId(relabel.sample_id)} on his tube.`;
  return `${name}: no sample id was given, because there is no valid NHS number on file: the laboratory will refuse his sample.${was ? ` Take the label ${was} off his tube and set it aside.` : ''}`;
}

/** The two answers to a check-in's confirmation. */
function ConfirmActions({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div className="door-actions">
      <button type="button" className="button" disabled={busy} onClick={onConfirm}>
        Confirm check-in
      </button>
      <button type="button" className="button button-secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

export function DoorCheckIn({ list, queued, relabels, check, onCheck, onConfirm, onDismissRelabel }: DoorCheckInProps) {
  const key = useTicketKey(list.ticket_key);
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState('');
  const [done, setDone] = useState<Done | null>(null);
  const [busy, setBusy] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);
  const names = new Map(list.attendees.map((a) => [a.appointment_id, attendeeName(a)]));

  // A new outcome is read out and brought into view (a name tapped far down the list included).
  useEffect(() => {
    if (check) outcome.current?.focus();
  }, [check]);

  // Another event's ticket: with a signal, the refusal names that event and its venue (its public details);
  // without one it still says when, from the ticket's signed slot.
  useEffect(() => {
    if (check?.kind !== 'other_event' || check.booked !== undefined) return;
    const controller = new AbortController();
    fetchEvent(check.eventId, controller.signal).then(
      (event) => onCheck({ ...check, booked: { event_name: event.event_name, venue: [event.address_line_1, event.city].filter(Boolean).join(', ') } }),
      () => {
        if (!controller.signal.aborted) onCheck({ ...check, booked: null });
      },
    );
    return () => controller.abort();
  }, [check, onCheck]);

  const show = (next: DoorCheck) => {
    setDone(null);
    onCheck(next);
  };

  const onScan = async (text: string) => {
    if (!key) return;
    setScanning(false);
    show(await checkScan(text, list, key, queued));
  };

  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    show(checkCode(code, list, queued));
  };

  const confirm = async (appointmentId: string, name: string | null, attendee: Attendee | null) => {
    // A man not on the saved list cannot be identified on this phone (his date of birth and NHS number are not
    // here): he is checked in, but no tube is labelled until the list is refreshed and he is identified from it.
    const sampleId = !attendee ? undefined : canHaveSample(attendee) ? (attendee.sample_id ?? newSampleId()) : null;
    setBusy(true);
    try {
      await onConfirm(appointmentId, sampleId);
      setDone({ name, sampleId: sampleId ?? null, printed: !!attendee?.sample_id, unlisted: !attendee });
      setCode('');
      onCheck(null);
      outcome.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const refusal = check ? refusalText(check) : null;

  return (
    <section className="door-check-in no-print" aria-labelledby="door-title">
      <h2 id="door-title">Check in at the door</h2>
      {!list.ticket_key && (
        <p>This list was saved before tickets could be scanned: open it once with a signal to scan. Names and codes still work.</p>
      )}
      <div className="staff-toolbar">
        <button type="button" className="button" aria-expanded={scanning} disabled={!key} onClick={() => setScanning((s) => !s)}>
          {scanning ? 'Stop scanning' : 'Scan ticket'}
        </button>
      </div>
      {scanning && <BarcodeScanner formats={['qr_code']} label="Scan a ticket" onDetected={(text) => void onScan(text)} />}
      <form className="door-code" onSubmit={onCode}>
        <label htmlFor="door-code">Ticket code</label>
        <p id="door-code-hint" className="hint">
          The eight letters and numbers under his QR code, for example ABCD-EFGH.
        </p>
        <div className="door-code-row">
          <input
            id="door-code"
            name="ticket-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby="door-code-hint"
            maxLength={20}
          />
          <button type="submit" className="button">
            Find the ticket
          </button>
        </div>
      </form>
      <div ref={outcome} tabIndex={-1} className="door-outcome" aria-live="polite">
        {refusal && check && (
          <div className="door-refusal" role="alert">
            <p>
              {check.kind !== 'already' || !check.attendee ? null : <strong>{attendeeName(check.attendee)}: </strong>}
              {refusal}
            </p>
            <button type="button" className="button button-small" onClick={() => onCheck(null)}>
              Close
            </button>
          </div>
        )}
        {check?.kind === 'confirm' && (
          <section className="door-confirm" aria-labelledby="door-confirm-title">
            <h3 id="door-confirm-title">Check in {attendeeName(check.attendee)}?</h3>
            <p>Ask him to tell you his full name, date of birth and NHS number. Check each one against these before you confirm:</p>
            <Identity attendee={check.attendee} />
            {!canHaveSample(check.attendee) && (
              <p className="door-warning">
                <strong>No valid NHS number on file.</strong> The laboratory will refuse his sample without one, so he will get no sample id. You can still
                check him in.
              </p>
            )}
            {/* The same for every man, a walk-in included (docs/rules.md#check-in): his booking names no consent. */}
            {!check.attendee.consent_given && (
              <p className="door-warning">
                <strong>No consent with his booking.</strong> Before his blood is taken he must give his consent himself: Consent on his line makes a link
                for him to fill in the form. You can still check him in.
              </p>
            )}
            <ConfirmActions busy={busy} onConfirm={() => void confirm(check.attendee.appointment_id, attendeeName(check.attendee), check.attendee)} onCancel={() => onCheck(null)} />
          </section>
        )}
        {check?.kind === 'unlisted' && (
          <section className="door-confirm" aria-labelledby="door-confirm-title">
            <h3 id="door-confirm-title">A real ticket for this event, not on the saved list</h3>
            <p>
              He booked after this list was saved on the phone (slot {londonTime(new Date(check.slotStart))}), so his date of birth and NHS number are not on
              this phone and he cannot be identified here. You can check him in now; before his blood is taken, refresh the list with a signal, check his full
              name, date of birth and NHS number with him, and print his label from the list.
            </p>
            <ConfirmActions busy={busy} onConfirm={() => void confirm(check.appointmentId, null, null)} onCancel={() => onCheck(null)} />
          </section>
        )}
        {done && !check && (
          <div className="door-done" role="status">
            <p>
              <strong>{done.name ?? 'He'} is checked in.</strong>{' '}
              {done.sampleId ? (
                done.printed ? (
                  <>
                    Stick his printed label, sample id <strong className="sample-id">{formatSampleId(done.sampleId)}</strong>, on his tube.
                  </>
                ) : (
                  <>
                    Write sample id <strong className="sample-id">{formatSampleId(done.sampleId)}</strong> on his tube.
                  </>
                )
              ) : done.unlisted ? (
                'No sample id yet: refresh the list with a signal, identify him from it, then print his label from the list before his blood is taken.'
              ) : (
                'No sample id: there is no valid NHS number on file, and the laboratory will refuse his sample.'
              )}
            </p>
          </div>
        )}
      </div>
      {relabels.length > 0 && (
        <div className="door-relabels" role="alert">
          <h3>Tubes to relabel</h3>
          <ul>
            {relabels.map((r) => (
              <li key={r.appointment_id}>
                {relabelText(r, names.get(r.appointment_id) ?? 'A member booked after the list was saved')}{' '}
                <button type="button" className="button button-small" onClick={() => onDismissRelabel(r.appointment_id)}>
                  Relabelled<span className="visually-hidden"> the tube of {names.get(r.appointment_id) ?? 'this member'}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

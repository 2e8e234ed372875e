/**
 * Every field of an event (docs/rules.md#events), checked before sending by
 * the rule the server applies (src/domain/staff-event.ts); the server's
 * own 422 issues are shown the same way. A private event may be given a
 * code of staff's choosing; left empty, the server makes one.
 */
import { Suspense, useState, type FormEvent } from 'react';
import { lazyWhenOnline } from '@/lib/lazy-when-online';
import { EVENT_CATEGORIES, type ScreeningEvent } from '@/domain/event';
import { checkStaffEvent, type StaffEventInput } from '@/domain/staff-event';

const PinPicker = lazyWhenOnline(() => import('./pin-picker'));

type Values = Record<string, string | boolean>;
type Field = { name: keyof StaffEventInput; label: string; type?: 'text' | 'number' | 'date' | 'time' | 'email' | 'textarea'; wide?: boolean; hint?: string };

const SECTIONS: { legend: string; fields: Field[] }[] = [
  {
    legend: 'Event',
    fields: [
      { name: 'event_name', label: 'Event name', wide: true },
      { name: 'event_description', label: 'Description', type: 'textarea', wide: true },
      { name: 'product_id', label: 'Product id' },
      { name: 'product_name', label: 'Product name' },
      { name: 'product_price', label: 'Product price (pence)', type: 'number' },
      { name: 'price', label: 'Event price (pence, empty = product price)', type: 'number' },
      { name: 'lab_name', label: 'Lab (ESNEFT needs NHS numbers)' },
      { name: 'email_template', label: 'Email template' },
      { name: 'contact_email', label: 'Contact email', type: 'email' },
      { name: 'exclusive_for', label: 'Exclusive for (CORPORATE or empty)' },
    ],
  },
  {
    legend: 'When and how many',
    fields: [
      { name: 'event_date', label: 'Date', type: 'date' },
      { name: 'start_time', label: 'Start (UK time)', type: 'time' },
      { name: 'end_time', label: 'End (UK time)', type: 'time' },
      { name: 'session_duration', label: 'Minutes per appointment', type: 'number' },
      { name: 'total_spaces', label: 'Places in total', type: 'number' },
      { name: 'places_per_slot', label: 'Places per time', type: 'number' },
    ],
  },
  {
    legend: 'Venue',
    fields: [
      { name: 'address_line_1', label: 'Address line 1' },
      { name: 'address_line_2', label: 'Address line 2' },
      { name: 'city', label: 'Town or city' },
      { name: 'state', label: 'County' },
      { name: 'postcode', label: 'Postcode' },
      { name: 'country', label: 'Country' },
      { name: 'latitude', label: 'Latitude' },
      { name: 'longitude', label: 'Longitude' },
    ],
  },
];

const BLANK: Values = { category: 'community', country: 'United Kingdom', product_id: 'psa-blood-test', product_name: 'PSA Blood Test', product_price: '0', session_duration: '15', places_per_slot: '1', is_private: false, payment_required: false };

export function valuesOf(event: ScreeningEvent | undefined): Values {
  if (!event) return BLANK;
  return Object.fromEntries(Object.entries(event).map(([k, v]) => [k, typeof v === 'boolean' ? v : v === null ? '' : String(v)]));
}

export function EventForm({ initial, busy, serverIssues, onSubmit, submitLabel }: {
  initial: Values;
  busy: boolean;
  serverIssues: { path: string; message: string }[];
  onSubmit: (input: StaffEventInput, accessCode: string) => void;
  submitLabel: string;
}) {
  const [values, setValues] = useState<Values>(initial);
  const [accessCode, setAccessCode] = useState('');
  const [issues, setIssues] = useState<{ field: string; message: string }[]>([]);
  const set = (name: string, value: string | boolean) => setValues((v) => ({ ...v, [name]: value }));
  const shown = issues.length > 0 ? issues : serverIssues.map((i) => ({ field: i.path, message: i.message }));
  const issueOf = (name: string) => shown.find((i) => i.field === name)?.message;
  const lat = values.latitude === '' || values.latitude === undefined ? null : Number(values.latitude);
  const lng = values.longitude === '' || values.longitude === undefined ? null : Number(values.longitude);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkStaffEvent({ ...values, access_code: accessCode });
    setIssues(checked.issues);
    if (checked.event) onSubmit(checked.event, checked.accessCode ?? '');
  };

  const input = (f: Field) => {
    const id = `event-${f.name}`;
    const error = issueOf(f.name);
    const common = { id, name: f.name, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
    return (
      <label key={f.name} htmlFor={id} className={f.wide ? 'wide' : undefined}>
        {f.label}
        {f.type === 'textarea' ? (
          <textarea {...common} rows={4} value={String(values[f.name] ?? '')} onChange={(e) => set(f.name, e.target.value)} />
        ) : (
          <input {...common} type={f.type === 'number' ? 'text' : (f.type ?? 'text')} inputMode={f.type === 'number' ? 'numeric' : undefined} value={String(values[f.name] ?? '')} onChange={(e) => set(f.name, e.target.value)} />
        )}
        {error && (
          <span id={`${id}-error`} className="form-field-error">
            {error}
          </span>
        )}
      </label>
    );
  };

  return (
    <form className="event-form" onSubmit={submit} noValidate>
      {shown.length > 0 && (
        <div className="form-failure" role="alert">
          Please correct {shown.length === 1 ? 'the field' : `${shown.length} fields`} marked below: {shown[0]!.message}
        </div>
      )}
      {SECTIONS.map((section) => (
        <fieldset key={section.legend}>
          <legend>{section.legend}</legend>
          {section.legend === 'Event' && (
            <label htmlFor="event-category">
              Category
              <select id="event-category" value={String(values.category)} onChange={(e) => set('category', e.target.value)}>
                {EVENT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
          )}
          {section.fields.map(input)}
          {section.legend === 'Event' && (
            <>
              <label className="check-field" htmlFor="event-payment_required">
                <input id="event-payment_required" type="checkbox" checked={values.payment_required === true} onChange={(e) => set('payment_required', e.target.checked)} />
                Payment required
              </label>
              <label className="check-field" htmlFor="event-is_private">
                <input id="event-is_private" type="checkbox" checked={values.is_private === true} onChange={(e) => set('is_private', e.target.checked)} />
                Private (members need an access code)
              </label>
              {values.is_private === true && (
                <label htmlFor="event-access_code">
                  New access code (optional: empty keeps the current one, or makes one)
                  <input
                    id="event-access_code"
                    value={accessCode}
                    autoComplete="off"
                    aria-invalid={issueOf('access_code') ? true : undefined}
                    aria-describedby={issueOf('access_code') ? 'event-access_code-error' : undefined}
                    onChange={(e) => setAccessCode(e.target.value)}
                  />
                  {issueOf('access_code') && (
                    <span id="event-access_code-error" className="form-field-error">
                      {issueOf('access_code')}
                    </span>
                  )}
                </label>
              )}
            </>
          )}
          {section.legend === 'Venue' && (
            <div className="wide">
              <p className="hint" id="pin-hint">
                Tap the map to place the venue&apos;s pin, or type the latitude and longitude.
              </p>
              <Suspense fallback={<p>Loading the map…</p>}>
                <PinPicker lat={lat !== null && Number.isFinite(lat) ? lat : null} lng={lng !== null && Number.isFinite(lng) ? lng : null} onPick={(a, b) => setValues((v) => ({ ...v, latitude: String(a), longitude: String(b) }))} />
              </Suspense>
            </div>
          )}
        </fieldset>
      ))}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}

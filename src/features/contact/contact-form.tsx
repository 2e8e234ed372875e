/**
 * The Contact Us form (docs/rules.md#contact-form): five required fields,
 * errors under each input prefixed with its label, 'Send enquiry' disabled
 * while sending, the thank-you text on success. It needs a connection: offline
 * it says so, before and on sending, and keeps everything typed.
 */
import { useId, useState, type FormEvent } from 'react';
import { checkEnquiry, CONTACT_THANK_YOU, ENQUIRY_FIELDS, ENQUIRY_LABELS, HONEYPOT_FIELD, type EnquiryField } from '../../domain/contact-enquiry';
import type { FieldProblem } from '../../domain/form-fields';
import { isNetworkError } from '../../lib/api-client';
import { ensureOnline, isNotSent, NO_ANSWER_MESSAGE } from '../../lib/not-sent';
import { useBrowserOnline } from '../../lib/online';
import { ReadyFieldset } from '../../lib/ui/ready-fieldset';
import { EnquiryError, sendEnquiry } from './send-enquiry';
import './contact.css';

const OFFLINE = "You're offline. Your message is kept here: send it once you're connected again.";

const INPUTS: Record<EnquiryField, { type: string; autoComplete: string }> = {
  'first-name': { type: 'text', autoComplete: 'given-name' },
  'last-name': { type: 'text', autoComplete: 'family-name' },
  email: { type: 'email', autoComplete: 'email' },
  'phone-number': { type: 'tel', autoComplete: 'tel' },
  message: { type: 'textarea', autoComplete: 'off' },
};

type Values = Record<EnquiryField, string>;
const EMPTY: Values = { 'first-name': '', 'last-name': '', email: '', 'phone-number': '', message: '' };

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

export function ContactForm() {
  const id = useId();
  const online = useBrowserOnline();
  const [values, setValues] = useState<Values>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [problems, setProblems] = useState<FieldProblem<EnquiryField>[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const problemFor = (field: EnquiryField) => problems.find((p) => p.path === field);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkEnquiry(values);
    if (!check.ok) {
      setProblems(check.problems);
      setStatus({ kind: 'idle' });
      document.getElementById(`${id}-${check.problems[0]?.path}`)?.focus();
      return;
    }
    setProblems([]);
    setStatus({ kind: 'sending' });
    try {
      await ensureOnline();
      await sendEnquiry({ ...check.enquiry, [HONEYPOT_FIELD]: honeypot });
      setValues(EMPTY);
      setStatus({ kind: 'sent' });
    } catch (error) {
      if (error instanceof EnquiryError) {
        setProblems(error.problems);
        setStatus({ kind: 'failed', message: error.formCode === 'BLOCKED' || error.problems.length === 0 ? error.message : 'Please correct the fields shown.' });
      } else if (isNotSent(error)) {
        setStatus({ kind: 'failed', message: error.message });
      } else {
        setStatus({ kind: 'failed', message: isNetworkError(error) ? NO_ANSWER_MESSAGE : 'Your enquiry could not be sent. Please try again.' });
      }
    }
  }

  if (status.kind === 'sent') {
    return (
      <p className="notice contact-thanks" role="status">
        {CONTACT_THANK_YOU}
      </p>
    );
  }

  return (
    <form className="contact-form" noValidate onSubmit={submit} aria-describedby={`${id}-note`}>
      <ReadyFieldset>
        <p id={`${id}-note`} className="form-note">
          All fields are required.
        </p>
        {!online && (
          <p className="notice" role="status">
            {OFFLINE}
          </p>
        )}
        {ENQUIRY_FIELDS.map((field) => {
          const problem = problemFor(field);
          const inputId = `${id}-${field}`;
          const shared = {
            id: inputId,
            name: field,
            required: true,
            value: values[field],
            autoComplete: INPUTS[field].autoComplete,
            'aria-invalid': problem ? true : undefined,
            'aria-describedby': problem ? `${inputId}-error` : undefined,
          };
          const update = (value: string) => setValues((v) => ({ ...v, [field]: value }));
          return (
            <div key={field} className={`form-field form-field-${field}`}>
              <label htmlFor={inputId}>{ENQUIRY_LABELS[field]}</label>
              {INPUTS[field].type === 'textarea' ? (
                <textarea {...shared} rows={6} onChange={(e) => update(e.target.value)} />
              ) : (
                <input {...shared} type={INPUTS[field].type} onChange={(e) => update(e.target.value)} />
              )}
              {problem && (
                <p id={`${inputId}-error`} className="field-error">
                  {ENQUIRY_LABELS[field]} {problem.message}
                </p>
              )}
            </div>
          );
        })}
        <div className="form-honeypot" aria-hidden="true">
          <label htmlFor={`${id}-gotcha`}>Leave this field empty</label>
          <input
            id={`${id}-gotcha`}
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(e) => setHoneypot(e.target.value)}
          />
        </div>
        {status.kind === 'failed' && (
          <p className="notice notice-error" role="alert">
            {status.message}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Sending…' : 'Send enquiry'}
        </button>
      </ReadyFieldset>
    </form>
  );
}

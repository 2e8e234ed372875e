/**
 * What GET /api/staff/jobs/failures answers for each email, refund or
 * PayPal notification the server could not deal with (docs/decisions/0013):
 * written once for the route and the staff page.
 */
export type StaffJobKind = 'email' | 'refund' | 'paypal_webhook';

export interface JobFailure {
  id: string;
  kind: StaffJobKind;
  /** 'retry': will be tried again at next_try_at; 'failed': the tries are used up. */
  state: 'retry' | 'failed';
  tries: number;
  last_error: string;
  created_at: string;
  next_try_at: string | null;
  recipient?: string;
  subject?: string;
  payment_id?: string;
  amount_pence?: number;
  /** PayPal's event id, for a paypal_webhook job. */
  event_id?: string;
}

/**
 * The card payment flow of docs/rules.md#card-payment, as the
 * card fields' createOrder and onApprove. The server decides everything:
 * the page asks it to create the order (which holds the place) and to
 * capture it (which confirms the booking), after a real connection check
 * each time, and shows what it answers:
 * - a recoverable decline (INSTRUMENT_DECLINED, PAYER_ACTION_REQUIRED) is
 *   logged and the card form is offered again (a new order, same hold);
 * - another issue, a missing or declined capture: logged, and the checkout's
 *   words;
 * - success: the transaction noted, the 'Transaction ...' line, then
 *   /booking-success for the appointment the server confirmed.
 * Every error goes to the page's error summary, which takes focus (so it is
 * in view however far down Pay was), with the card fields at fault named;
 * after each answer the page asks the server again what it holds.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { isNetworkError } from '../../lib/api-client';
import { askToKeepOnDevice } from '../../lib/device-storage';
import { ensureOnline, isNotSent } from '../../lib/not-sent';
import { captureOrder, createOrder, logPaymentError, reportTransaction, type OrderRequest, type PaymentAnswer } from './api/payments-api';
import { CHECKOUT_MESSAGES, LOG_MESSAGES } from '../../domain/checkout-messages';

const RECOVERABLE = ['INSTRUMENT_DECLINED', 'PAYER_ACTION_REQUIRED'];

export type PaymentNotice = { tone: 'error' | 'info' | 'success'; text: string } | null;

/** The card fields, by PayPal's CardFields state keys, and the id of each one's box on the page. */
export const CARD_FIELDS = {
  cardNameField: 'card-name',
  cardNumberField: 'card-number',
  cardExpiryField: 'card-expiry',
  cardCvvField: 'card-cvv',
} as const;
export type CardField = keyof typeof CARD_FIELDS;
export type CardFieldErrors = Partial<Record<CardField, string>>;

function transactionNote(orderId: string, answer: PaymentAnswer) {
  // The server tells the page of the first capture, or of the authorisation for an authorise intent, as captures[0] (server/modules/payments/capture-answer.ts).
  const capture = answer.purchase_units?.[0]?.payments.captures[0];
  const card = answer.payment_source?.card;
  return {
    payer_name: card?.name,
    amount: capture?.amount?.value,
    payment_reference: orderId,
    status: capture?.status ?? answer.details?.[0]?.issue ?? 'UNKNOWN',
    payment_method: 'card',
    card_brand: card?.brand,
    card_last_digits: card?.last_digits,
    card_expiry: card?.expiry,
    issuing_bank: card?.bin_details?.issuing_bank,
    avs_code: capture?.processor_response?.avs_code,
    cvv_code: capture?.processor_response?.cvv_code,
  };
}

/**
 * `onAnswer` runs after the server answered an order or a capture: the
 * page asks it again what it holds (a decline may have freed the place).
 */
export function useCardPayment(request: OrderRequest, onAnswer: () => void) {
  const navigate = useNavigate();
  const [notice, setNoticeState] = useState<PaymentNotice>(null);
  // A new record each time a notice is shown, even an empty one, so the summary takes focus again for the same words said twice.
  const [fieldErrors, setFieldErrors] = useState<CardFieldErrors>({});
  const setNotice = (next: PaymentNotice, fields: CardFieldErrors = {}) => {
    setNoticeState(next);
    setFieldErrors(fields);
  };
  const [processing, setProcessing] = useState(false);
  const [unanswered, setUnanswered] = useState<string | null>(null);

  async function makeOrder(): Promise<string> {
    try {
      await ensureOnline();
      const res = await createOrder(request);
      onAnswer();
      if (res.body.id && res.status < 300) return res.body.id;
      const detail = res.body.details?.[0];
      throw new Error(detail ? CHECKOUT_MESSAGES.couldNotInitiate(detail.description) : CHECKOUT_MESSAGES.unexpected);
    } catch (error) {
      const text = isNotSent(error) ? error.message : error instanceof Error && !isNetworkError(error) ? error.message : CHECKOUT_MESSAGES.noResponse;
      setNotice({ tone: 'error', text });
      setProcessing(false);
      throw error;
    }
  }

  async function approve(orderId: string): Promise<void> {
    setUnanswered(null);
    setProcessing(true);
    let res: { status: number; body: PaymentAnswer };
    try {
      await ensureOnline();
      res = await captureOrder(orderId);
    } catch (error) {
      // The card may have been charged: the server settles it either way, and a retry asks again.
      setNotice({ tone: 'error', text: isNotSent(error) ? error.message : CHECKOUT_MESSAGES.noResponse });
      setUnanswered(orderId);
      setProcessing(false);
      return;
    }
    onAnswer();
    const answer = res.body;
    const detail = answer.details?.[0];
    const capture = answer.purchase_units?.[0]?.payments.captures[0];
    if (detail && RECOVERABLE.includes(detail.issue)) {
      void logPaymentError(LOG_MESSAGES.recoverable, `${detail.issue}: ${detail.description} (${answer.debug_id ?? ''})`);
      void reportTransaction(transactionNote(orderId, answer));
      setNotice({ tone: 'error', text: CHECKOUT_MESSAGES.tryAgain });
    } else if (detail) {
      void logPaymentError(LOG_MESSAGES.nonRecoverable, `${detail.issue}: ${detail.description} (${answer.debug_id ?? ''})`);
      void reportTransaction(transactionNote(orderId, answer));
      setNotice({ tone: 'error', text: CHECKOUT_MESSAGES.nonRecoverable(detail.description, answer.debug_id ?? '') });
    } else if (!capture || capture.status === 'DECLINED') {
      void logPaymentError(LOG_MESSAGES.failure, JSON.stringify({ orderId, status: capture?.status ?? 'no capture' }));
      void reportTransaction(transactionNote(orderId, answer));
      setNotice({ tone: 'error', text: CHECKOUT_MESSAGES.declined });
    } else {
      void reportTransaction(transactionNote(orderId, answer));
      setNotice({ tone: 'success', text: CHECKOUT_MESSAGES.transaction(capture.id ?? orderId, capture.status ?? '') });
      if (answer.appointment?.status === 'confirmed') {
        askToKeepOnDevice();
        navigate(paths.bookingSuccessFor(answer.appointment.appointment_id), { replace: true });
        return;
      }
      void logPaymentError(LOG_MESSAGES.appointment, JSON.stringify({ orderId, request }));
      setNotice({ tone: 'error', text: CHECKOUT_MESSAGES.notBooked });
    }
    setProcessing(false);
  }

  return {
    notice,
    fieldErrors,
    setNotice,
    processing,
    setProcessing,
    makeOrder,
    approve,
    /** After a dropped connection at capture: ask the server again about the same order. */
    retryCapture: unanswered ? () => approve(unanswered) : null,
  };
}

/**
 * The checkout's words (docs/rules.md#checkout-messages), and the log messages
 * it sends to /logs/error. Kept together so the screen and the browser
 * tests quote one source.
 */
export const CHECKOUT_MESSAGES = {
  formInvalid: 'The payment form is invalid',
  processing: 'Please wait while we process your payment',
  couldNotInitiate: (cause: string) => `Could not initiate PayPal Checkout... ${cause}`,
  unexpected: 'Unexpected error occurred, please try again.',
  noResponse: 'There was no response from PayPal. Please check your connection and try again; if your card was charged, your booking will appear in My bookings.',
  nonRecoverable: (description: string, debugId: string) => `Non-recoverable error: ${description} (${debugId})`,
  declined: 'Sorry, your transaction could not be processed. Please try again later or with a different payment card.',
  transaction: (id: string, status: string) =>
    `Transaction ${id}: ${status}. Please wait while we process your payment and navigate you to the next step.`,
  // Not among the original checkout's words: the restart after a recoverable decline needs words too.
  tryAgain: 'Your card was declined. Please check the card details, or use a different card, and press Pay again.',
  notBooked: 'Your payment was taken but we could not confirm your booking on this page. Please check My bookings: it is confirmed or refunded automatically within a few minutes.',
} as const;

/**
 * What the error summary and each card field say when the card form is
 * not valid (GOV.UK's wording for payment card fields): one for an empty
 * field, one for a field filled wrongly. The name on the card is optional.
 */
export const CARD_FIELD_MESSAGES = {
  cardNameField: { empty: 'Enter the name on the card', invalid: 'Enter the name as it is written on the card' },
  cardNumberField: { empty: 'Enter your card number', invalid: 'Enter a valid card number, as it is written on the card' },
  cardExpiryField: { empty: 'Enter the expiry date', invalid: 'Enter a valid expiry date, like 09/28, that has not passed' },
  cardCvvField: { empty: 'Enter the security code', invalid: 'Enter the 3 or 4 digit security code from the card' },
} as const;

export const LOG_MESSAGES = {
  failure: 'Payment Failure',
  recoverable: 'Recoverable Payment',
  nonRecoverable: 'Non-recoverable Payment',
  appointment: 'Failed to create appointment',
} as const;

/** "12 minutes" left on a hold ending at `endsAt` (ms), for the summary; never below 0. */
export function minutesLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 60_000));
}

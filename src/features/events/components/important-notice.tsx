/**
 * The listing's Important notice (docs/rules.md#event-listing): how a booking
 * is actually made, naming the buttons as they read: COMPLETE BOOKING on a free
 * event's consent form, Pay on a paid event's checkout.
 */
export function ImportantNotice() {
  return (
    <section className="notice notice-important" aria-labelledby="important-notice-title">
      <h2 id="important-notice-title">Important</h2>
      <ul>
        <li>
          Registering on this site does <strong>not</strong> book you a place. To book, register or log in, add a
          booking, and click <strong>COMPLETE BOOKING</strong>.
        </li>
        <li>
          For an event with a fee, you book by paying: after the consent form, click <strong>Pay</strong> on the
          card payment page.
        </li>
        <li>
          You will receive a confirmation email. If you have not received one, your booking is not complete.
        </li>
        <li>
          Use your full first names as they appear on your ID, and check that your name and date of birth are
          correct.
        </li>
        <li>Give your correct 10-digit NHS number.</li>
      </ul>
    </section>
  );
}

/**
 * The card form: PayPal's card fields (react-paypal-js, pinned at 10.5.2;
 * the SDK from PayPal, or the local sandbox's stand-in via sdkBaseUrl), the
 * billing address, the total and Pay with its amount. The only module that
 * imports PayPal's code, and it loads with /checkout alone. Validity comes
 * from the provider (getState) before submit: each field at fault is
 * marked and named in the error summary; submit calls createOrder then
 * onApprove.
 */
import {
  PayPalCVVField,
  PayPalCardFieldsProvider,
  PayPalExpiryField,
  PayPalNameField,
  PayPalNumberField,
  PayPalScriptProvider,
  usePayPalCardFields,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatPence } from '@/domain/format';
import { Spinner } from '@/lib/ui/spinner';
import type { PaymentsConfig } from '../api/payments-api';
import { CARD_FIELD_MESSAGES, CHECKOUT_MESSAGES } from '@/domain/checkout-messages';
import { CARD_FIELDS, type CardField, type CardFieldErrors, type useCardPayment } from '../use-card-payment';
import { BillingAddressFields, emptyBillingAddress } from './billing-address';
import '@/lib/ui/field-errors.css';

type Payment = ReturnType<typeof useCardPayment>;
type FieldState = { isEmpty?: boolean; isValid?: boolean };

/** The message for each field the provider says is not valid (the name on the card only when filled wrongly). */
function fieldErrorsFrom(fields: Partial<Record<CardField, FieldState>> | undefined): CardFieldErrors {
  const errors: CardFieldErrors = {};
  for (const key of Object.keys(CARD_FIELDS) as CardField[]) {
    const field = fields?.[key];
    if (!field || field.isValid) continue;
    if (key === 'cardNameField' && field.isEmpty) continue;
    errors[key] = CARD_FIELD_MESSAGES[key][field.isEmpty ? 'empty' : 'invalid'];
  }
  return errors;
}

function PayButton({ payment, billing, amount }: { payment: Payment; billing: ReturnType<typeof emptyBillingAddress>; amount: number }) {
  const { cardFieldsForm } = usePayPalCardFields();
  async function pay() {
    if (!cardFieldsForm) return;
    payment.setNotice(null);
    const state = await cardFieldsForm.getState();
    if (!state.isFormValid) {
      payment.setNotice({ tone: 'error', text: CHECKOUT_MESSAGES.formInvalid }, fieldErrorsFrom(state.fields as Partial<Record<CardField, FieldState>>));
      return;
    }
    payment.setProcessing(true);
    try {
      await cardFieldsForm.submit({ billingAddress: billing });
    } catch {
      // createOrder and onApprove have already said what went wrong; the SDK's own refusals land here too.
      payment.setProcessing(false);
    }
  }
  return (
    <button type="button" className="button button-primary checkout-pay" onClick={() => void pay()} disabled={!cardFieldsForm || payment.processing}>
      Pay {formatPence(amount)}
    </button>
  );
}

/**
 * One card field's box: marked, with its message above the field (GOV.UK),
 * when it is at fault. The sandbox's field is a real input, described by
 * the message; PayPal's own is a frame the page cannot reach into.
 */
function CardFieldBox({ field, error, children }: { field: CardField; error: string | undefined; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const id = CARD_FIELDS[field];
  useEffect(() => {
    const input = ref.current?.querySelector('input');
    if (!input) return;
    if (error) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', `${id}-error`);
    } else {
      input.removeAttribute('aria-describedby');
    }
  });
  return (
    <div id={id} ref={ref} className={error ? 'checkout-field form-field-error' : 'checkout-field'}>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

function ScriptState() {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isPending) return <Spinner label="Loading the card form…" />;
  if (isRejected) return <p role="alert" className="notice notice-error">The card form could not be loaded. Please check your connection and reload this page.</p>;
  return null;
}

export default function CardForm({ config, payment, amount }: { config: PaymentsConfig; payment: Payment; amount: number }) {
  const [billing, setBilling] = useState(emptyBillingAddress);
  const errors = payment.fieldErrors;
  return (
    <PayPalScriptProvider
      options={{
        clientId: config.clientId,
        components: 'card-fields',
        currency: 'GBP',
        intent: 'capture',
        locale: 'en_GB',
        ...(config.sdkBaseUrl ? { sdkBaseUrl: config.sdkBaseUrl } : {}),
      }}
    >
      <ScriptState />
      <PayPalCardFieldsProvider
        createOrder={payment.makeOrder}
        onApprove={(data) => void payment.approve(data.orderID)}
        onError={() => payment.setProcessing(false)}
      >
        <div className="checkout-card-fields">
          <CardFieldBox field="cardNameField" error={errors.cardNameField}>
            <PayPalNameField />
          </CardFieldBox>
          <CardFieldBox field="cardNumberField" error={errors.cardNumberField}>
            <PayPalNumberField />
          </CardFieldBox>
          <CardFieldBox field="cardExpiryField" error={errors.cardExpiryField}>
            <PayPalExpiryField />
          </CardFieldBox>
          <CardFieldBox field="cardCvvField" error={errors.cardCvvField}>
            <PayPalCVVField />
          </CardFieldBox>
        </div>
        <BillingAddressFields value={billing} onChange={setBilling} disabled={payment.processing} />
        <p className="checkout-total">
          Total to pay: <strong>{formatPence(amount)}</strong>
        </p>
        <PayButton payment={payment} billing={billing} amount={amount} />
      </PayPalCardFieldsProvider>
    </PayPalScriptProvider>
  );
}

/**
 * The card form: PayPal's card fields (react-paypal-js, pinned at 10.5.2;
 * the SDK from PayPal, or the local sandbox's stand-in via sdkBaseUrl), the
 * billing address and Pay. The only module that imports PayPal's code, and
 * it loads with /checkout alone. Validity comes from the provider
 * (getState) before submit; submit calls createOrder then onApprove.
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
import { useState } from 'react';
import { Spinner } from '../../../lib/ui/spinner';
import type { PaymentsConfig } from '../api/payments-api';
import { CHECKOUT_MESSAGES } from '../../../domain/checkout-messages';
import type { useCardPayment } from '../use-card-payment';
import { BillingAddressFields, emptyBillingAddress } from './billing-address';

type Payment = ReturnType<typeof useCardPayment>;

function PayButton({ payment, billing }: { payment: Payment; billing: ReturnType<typeof emptyBillingAddress> }) {
  const { cardFieldsForm } = usePayPalCardFields();
  async function pay() {
    if (!cardFieldsForm) return;
    payment.setNotice(null);
    const state = await cardFieldsForm.getState();
    if (!state.isFormValid) {
      payment.setNotice({ tone: 'error', text: CHECKOUT_MESSAGES.formInvalid });
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
      Pay
    </button>
  );
}

function ScriptState() {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isPending) return <Spinner label="Loading the card form…" />;
  if (isRejected) return <p role="alert" className="notice notice-error">The card form could not be loaded. Please check your connection and reload this page.</p>;
  return null;
}

export default function CardForm({ config, payment }: { config: PaymentsConfig; payment: Payment }) {
  const [billing, setBilling] = useState(emptyBillingAddress);
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
          <PayPalNameField />
          <PayPalNumberField />
          <PayPalExpiryField />
          <PayPalCVVField />
        </div>
        <BillingAddressFields value={billing} onChange={setBilling} disabled={payment.processing} />
        <PayButton payment={payment} billing={billing} />
      </PayPalCardFieldsProvider>
    </PayPalScriptProvider>
  );
}

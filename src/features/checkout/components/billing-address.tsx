/**
 * The card's billing address (docs/rules.md#card-payment: address_line_1,
 * address_line_2, admin_area_2 town or city, admin_area_1 county,
 * postal_code, country_code defaulting to GB). The site checks none of it (nor
 * did the original form); it goes to PayPal with the card for its address
 * check.
 */
/** PayPal CardFields' submit({billingAddress}) names. */
export interface BillingAddress {
  addressLine1: string;
  addressLine2: string;
  adminArea2: string;
  adminArea1: string;
  postalCode: string;
  countryCode: string;
}

export const emptyBillingAddress = (): BillingAddress => ({
  addressLine1: '',
  addressLine2: '',
  adminArea2: '',
  adminArea1: '',
  postalCode: '',
  countryCode: 'GB',
});

const FIELDS: { key: keyof BillingAddress; label: string; autoComplete: string }[] = [
  { key: 'addressLine1', label: 'Address line 1', autoComplete: 'billing address-line1' },
  { key: 'addressLine2', label: 'Address line 2 (optional)', autoComplete: 'billing address-line2' },
  { key: 'adminArea2', label: 'Town or city', autoComplete: 'billing address-level2' },
  { key: 'adminArea1', label: 'County', autoComplete: 'billing address-level1' },
  { key: 'postalCode', label: 'Postcode', autoComplete: 'billing postal-code' },
];

export function BillingAddressFields({ value, onChange, disabled }: { value: BillingAddress; onChange: (next: BillingAddress) => void; disabled: boolean }) {
  return (
    <fieldset className="checkout-billing" disabled={disabled}>
      <legend>Billing address</legend>
      {FIELDS.map((field) => (
        <div className="form-field" key={field.key}>
          <label htmlFor={`billing-${field.key}`}>{field.label}</label>
          <input
            id={`billing-${field.key}`}
            type="text"
            autoComplete={field.autoComplete}
            maxLength={300}
            value={value[field.key]}
            onChange={(e) => onChange({ ...value, [field.key]: e.target.value })}
          />
        </div>
      ))}
      <div className="form-field">
        <label htmlFor="billing-countryCode">Country</label>
        <select id="billing-countryCode" autoComplete="billing country" value={value.countryCode} onChange={(e) => onChange({ ...value, countryCode: e.target.value })}>
          <option value="GB">United Kingdom</option>
          <option value="IE">Ireland</option>
        </select>
      </div>
    </fieldset>
  );
}

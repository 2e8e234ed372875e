/**
 * The charity's contact details, as shown in the header, footer and contact
 * block. The charity edits this file when a number, address or link changes;
 * nothing else in the code holds these values, except the booking helpline
 * in index.html's no-JavaScript message, which must be changed with it.
 */
export interface PhoneNumber {
  label: string;
  /** As printed: UK national format with spaces. */
  display: string;
  /** For tel: links, E.164. */
  e164: string;
}

export const site = {
  name: 'CHAPS',
  tagline: "Advocacy for Men's Health",
  bookingHelpline: { label: 'Booking helpline', display: '0808 157 0420', e164: '+448081570420' },
  generalEnquiries: { label: 'General enquiries', display: '020 7946 0718', e164: '+442079460718' },
  medicalEnquiries: { label: 'Medical enquiries', display: '0113 496 0532', e164: '+441134960532' },
  eventEnquiries: { label: 'Event enquiries', display: '0808 157 0420', e164: '+448081570420' },
  email: 'info@chaps-charity.org.uk',
  postalAddress: ['CHAPS', 'Orwell House, 14 Fore Street', 'Ipswich', 'Suffolk', 'IP4 1JU'],
  charityNumber: '1099012',
  charityRegister: 'Registered charity in England and Wales',
  donateUrl: 'https://www.justgiving.com/chaps-charity',
} satisfies Record<string, unknown>;

export function telHref(phone: PhoneNumber): string {
  return `tel:${phone.e164}`;
}

export function mailtoHref(email: string, subject?: string): string {
  return `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}

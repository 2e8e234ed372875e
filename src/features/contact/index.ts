/** What pages use from the contact feature. */
export { ContactForm } from './contact-form';

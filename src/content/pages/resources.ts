/** The resources list (docs/rules.md#information-hub): where else men can get medical advice and support. */
export interface Resource {
  name: string;
  website?: string;
  phone: { display: string; tel: string };
}

export const RESOURCES_HEADING = 'Further medical advice can be obtained from:';

export const resources: Resource[] = [
  { name: 'Prostate Cancer UK', website: 'https://prostatecanceruk.org', phone: { display: '0800 074 8383', tel: '+448000748383' } },
  { name: 'Macmillan Cancer Support', website: 'https://www.macmillan.org.uk', phone: { display: '0808 808 00 00', tel: '+448088080000' } },
  { name: 'Cancer Research UK', website: 'https://www.cancerresearchuk.org', phone: { display: '0808 800 4040', tel: '+448088004040' } },
  { name: 'Tackle Prostate Cancer', website: 'https://tackleprostate.org', phone: { display: '0800 035 5302', tel: '+448000355302' } },
  { name: 'Maggie’s', website: 'https://www.maggies.org', phone: { display: '0300 123 1801', tel: '+443001231801' } },
  { name: 'Orchid (male cancer charity)', website: 'https://orchid-cancer.org.uk', phone: { display: '0808 802 0010', tel: '+448088020010' } },
  { name: 'NHS 111', phone: { display: '111', tel: '111' } },
  { name: 'Samaritans', phone: { display: '116 123', tel: '116123' } },
];

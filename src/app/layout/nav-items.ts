/** The main menu (docs/rules.md#navigation): top items and the sections they scroll to. */
import { anchors, paths, withAnchor } from '@/lib/paths';

export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavMenuItem {
  label: string;
  items: NavLinkItem[];
}

export const HOME_ITEM: NavLinkItem = { label: 'HOME', to: paths.home };

export const NAV_MENUS: NavMenuItem[] = [
  {
    label: 'ABOUT US',
    items: [
      { label: 'About CHAPS', to: withAnchor(paths.aboutUs, anchors.about) },
      { label: 'Our Team', to: withAnchor(paths.aboutUs, anchors.ourTeam) },
      { label: 'Our Support', to: withAnchor(paths.aboutUs, anchors.ourSupporters) },
    ],
  },
  {
    label: 'EVENTS',
    items: [
      { label: 'Community', to: withAnchor(paths.events, anchors.community) },
      { label: 'Freemasons', to: withAnchor(paths.events, anchors.freemason) },
      { label: 'Corporate', to: withAnchor(paths.events, anchors.corporate) },
      { label: 'Speaker Requests', to: withAnchor(paths.events, anchors.speaker) },
    ],
  },
  {
    label: 'INFORMATION HUB',
    items: [
      { label: 'Prostate Disease and Cancer', to: withAnchor(paths.informationHub, anchors.prostateCancer) },
      { label: "Men's Health", to: withAnchor(paths.informationHub, anchors.mensHealth) },
      { label: 'Health in the Workplace', to: withAnchor(paths.informationHub, anchors.healthInWorkplace) },
      { label: 'Research and Data', to: withAnchor(paths.informationHub, anchors.education) },
    ],
  },
  {
    label: 'NEWS',
    items: [
      { label: 'Patient Journey', to: paths.patientJourney },
      { label: 'Latest News', to: withAnchor(paths.news, anchors.latestNews) },
      { label: 'Newsletters', to: withAnchor(paths.news, anchors.newsletters) },
    ],
  },
];

/** The burger menu on small screens lists the top-level pages only. */
export const MOBILE_ITEMS: NavLinkItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'About Us', to: paths.aboutUs },
  { label: 'Events', to: paths.events },
  { label: 'Information Hub', to: paths.informationHub },
  { label: 'News', to: paths.news },
];

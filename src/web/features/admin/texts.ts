/** God Mode's own words (the spec's texts live in the contracts). */
export const godModeTexts = {
  title: 'God Mode',
  subtitle: 'How Klipt is doing, every klip, and the tools to run the beta.',
  tabsLabel: 'God Mode sections',
  tabs: {
    overview: 'Overview',
    klips: 'Klips Gallery',
    activity: 'Activity',
    waitlist: 'Waitlist',
    users: 'Users',
    models: 'Models',
  },
} as const;

export const godModeTabs = ['overview', 'klips', 'activity', 'waitlist', 'users', 'models'] as const;
export type GodModeTab = (typeof godModeTabs)[number];

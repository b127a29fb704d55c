export const godModeTabs = ['overview', 'klips', 'activity', 'waitlist', 'users', 'models'] as const;
export type GodModeTab = (typeof godModeTabs)[number];

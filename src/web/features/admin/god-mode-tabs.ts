export const godModeTabs = ['overview', 'klips', 'activity', 'waitlist', 'users', 'workspaces', 'models'] as const;
export type GodModeTab = (typeof godModeTabs)[number];

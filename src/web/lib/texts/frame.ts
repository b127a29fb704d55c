// Part of src/web/lib/texts.ts, which re-exports it: import these from there.

/** The building blocks of components/ui. */
export const uiTexts = {
  close: 'Close',
  dismiss: 'Dismiss',
  loading: 'Loading',
  justNow: 'just now',
  tryAgain: 'Try again',
  cancel: 'Cancel',
} as const;

/** The frame around every page: headers, the logo, the app's guards (components/layout, components/brand, app/). */
export const shellTexts = {
  brand: 'Klipt',
  /** A page's <title>. */
  pageTitle: (name: string) => `${name} — Klipt`,
  backToDashboard: 'Back to dashboard',
  unreachableTitle: 'Klipt could not be reached',
  unreachableHint: 'Check your connection and try again.',
  checkingPermissions: 'Checking permissions',
  mainNav: 'Main',
  home: 'Klipt home',
  collections: 'Collections',
  signIn: 'Sign In',
  joinWaitlist: 'Join the Waitlist',
} as const;

/** What the first screen after the email is confirmed says. */
export const onboardingTexts = {
  pageName: 'Welcome',
  emailConfirmed: 'Email confirmed',
  welcomeTo: 'Welcome to',
  // Kept together so the dash never starts a line on phones.
  kliptDash: 'Klipt —',
  youHaveToStart: (credits: number) => `you have ${credits} free credit${credits === 1 ? '' : 's'} to start`,
  costs: (image: number, video: number) =>
    `An image klip costs ${image} credit and a video klip ${video}. First, tell us what to call you.`,
  defaultName: 'User',
  completeProfile: 'Complete your profile',
  displayName: 'Display name',
  displayNameHint: 'Shown on the klips you share. You can change it later.',
  save: 'Save and continue',
  saving: 'Saving...',
} as const;

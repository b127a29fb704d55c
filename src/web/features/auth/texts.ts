/** What users read on the sign-in, sign-up and account pages. */
export const authTexts = {
  createSuperAdminFailed: 'Failed to create super admin',
} as const;

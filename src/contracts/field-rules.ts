// Field limits and messages without a schema, for the browser's public pages, which load none of the
// API's schemas (docs/decisions/0032); fields.ts re-exports them.

export const URL_MAX = 500;
export const SEARCH_MAX = 100;

/** What users read about text they typed, whatever the field (docs/product-rules.md#texts-users-see). */
export const fieldMessages = {
  /** NUL, other control characters or half of an emoji: nothing a keyboard types, and PostgreSQL cannot store some of them. */
  invalidCharacters: 'This text contains control characters or broken symbols. Remove them and try again.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be at most 254 characters',
  searchTooLong: 'Search must be at most 100 characters',
  urlInvalid: (label: string) => `${label} must be a valid http(s) URL`,
  urlTooLong: (label: string) => `${label} must be at most ${URL_MAX} characters`,
} as const;

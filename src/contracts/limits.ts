/** Rate limits, upload limits and page sizes (docs/product-rules.md#limits). */
export const waitlistRateLimit = { name: 'waitlist:ip', max: 8, windowSeconds: 15 * 60 } as const;

const minutes = (n: number) => n * 60;

/** Link-preview pictures (`GET /api/klips/{id}/social.jpg`, no sign-in): requests per client address. */
export const socialImageRateLimit = { name: 'social-image:ip', max: 60, windowSeconds: minutes(1) } as const;

/**
 * Sign-in, sign-up, resend, reset and the emailed links: per client address and per email address.
 * Sign-in counts failed passwords per account and address, per account from unknown devices, and per
 * known device, so strangers cannot lock the owner out (docs/operations.md#sign-in-and-account-limits).
 */
export const authRateLimits = {
  /** Every sign-in attempt from one address, whatever the account. */
  signInIp: { name: 'sign-in:ip', max: 30, windowSeconds: minutes(15) },
  /** Failed passwords for one account from one address (not from a known device). */
  signInAccountIp: { name: 'sign-in:account-ip', max: 10, windowSeconds: minutes(15) },
  /** Failed passwords for one account from every unknown device together: the ceiling a known device skips. */
  signInAccount: { name: 'sign-in:account', max: 30, windowSeconds: minutes(60) },
  /** Failed passwords for one account from one known device. */
  signInDevice: { name: 'sign-in:device', max: 10, windowSeconds: minutes(15) },
  signOutIp: { name: 'sign-out:ip', max: 60, windowSeconds: minutes(15) },
  /** Requests for an emailed sign-in link. */
  signInLinkIp: { name: 'sign-in-link:ip', max: 10, windowSeconds: minutes(15) },
  signInLinkEmail: { name: 'sign-in-link:email', max: 3, windowSeconds: minutes(15) },
  /** The verification, reset and sign-in links of the emails. */
  authLinkIp: { name: 'auth-link:ip', max: 30, windowSeconds: minutes(15) },
  signUpIp: { name: 'sign-up:ip', max: 10, windowSeconds: minutes(60) },
  signUpEmail: { name: 'sign-up:email', max: 5, windowSeconds: minutes(60) },
  resetRequestIp: { name: 'reset-request:ip', max: 10, windowSeconds: minutes(15) },
  resetRequestEmail: { name: 'reset-request:email', max: 3, windowSeconds: minutes(15) },
  resetIp: { name: 'reset:ip', max: 10, windowSeconds: minutes(15) },
  resendIp: { name: 'resend:ip', max: 10, windowSeconds: minutes(15) },
  resendEmail: { name: 'resend:email', max: 5, windowSeconds: minutes(60) },
} as const;

/**
 * Sign-ups accepted from all addresses together in a window, and, counted apart, verification emails
 * sent again: what a flood from many addresses can cost in hashing and in email to strangers
 * (docs/product-rules.md#limits). `SIGN_UP_BUDGET` sets the number; `RATE_LIMIT_SCALE` multiplies it.
 */
export const signUpBudget = { max: 60, windowSeconds: minutes(10) } as const;

export const uploadRateLimit = { name: 'uploads:user', max: 150, windowSeconds: minutes(10) } as const;
export const generationRateLimit = { name: 'generations:user', max: 30, windowSeconds: minutes(1) } as const;
/**
 * Fair queues (docs/product-rules.md#fair-queues): a user's jobs of one kind queued or running at
 * once across all workers (four variations still start together); the rest wait their turn.
 */
export const GENERATION_RUNNING_PER_USER = 4;
/** A user's generations accepted and not finished (every kind, batch items too); beyond it, 429. */
export const GENERATION_UNFINISHED_PER_USER = 100;
/**
 * Teams (docs/product-rules.md#workspaces): invitations send email to any address, and their links
 * are secrets, so sending, previewing and accepting are limited like the other emailing actions.
 */
export const teamRateLimits = {
  create: { name: 'teams:create:user', max: 20, windowSeconds: minutes(60) },
  /** Invitations sent and re-sent by one user. */
  invite: { name: 'teams:invite:user', max: 30, windowSeconds: minutes(60) },
  previewIp: { name: 'teams:invitation-preview:ip', max: 60, windowSeconds: minutes(10) },
  accept: { name: 'teams:invitation-accept:user', max: 20, windowSeconds: minutes(10) },
} as const;
/** Brand logos and fonts one user may upload (each is decoded, parsed or rasterised on the server). */
export const brandFileRateLimit = { name: 'brand-files:user', max: 60, windowSeconds: minutes(10) } as const;
export const promptHelperRateLimit = { name: 'prompts:user', max: 20, windowSeconds: minutes(5) } as const;
/** New marketplace exports one user may have rendered (answers from the cache are free and unlimited). */
export const exportRenderRateLimit = { name: 'export-renders:user', max: 30, windowSeconds: minutes(10) } as const;

/** Make ad (up to 8 sizes each) and its live previews, per user: each is rendered on the server (docs/product-rules.md#ad-creatives). */
export const adRenderRateLimit = { name: 'ad-renders:user', max: 30, windowSeconds: minutes(10) } as const;
export const adPreviewRateLimit = { name: 'ad-previews:user', max: 300, windowSeconds: minutes(10) } as const;

/**
 * Live progress streams (`GET /api/generations/:id/events`) one user may hold open on one API
 * instance; opening another closes their oldest (docs/operations.md#live-progress-streams).
 */
export const generationStreamsPerUser = 10;

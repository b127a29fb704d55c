/** Texts users see, word for word from the product spec. Server and web share them. */
export const messages = {
  waitlist: {
    duplicate: "You're already on the waitlist!",
    success: "You're on the List!",
    rateLimited: 'Too many attempts. Please wait a minute and try again.',
  },
  generic: {
    notFound: 'Not found',
    internal: 'Something went wrong. Please try again.',
    rateLimited: 'Too many requests. Please slow down and try again shortly.',
    payloadTooLarge: 'The request is too large.',
    unavailable: 'The service is temporarily unavailable. Please try again shortly.',
    crossOrigin: 'This request came from another site and was refused.',
  },
} as const;

/** Every client route, built in one place (docs/product-rules.md#screens-and-access); the server uses them for links and redirects. */
export const paths = {
  home: '/',
  login: '/auth/login',
  verifyEmail: '/auth/verify-email',
  resetPassword: '/auth/reset-password',
  onboarding: '/onboarding',
  authOnboarding: '/auth/onboarding',
  createSuperAdmin: '/auth/create-super-admin',
  superAdmin: '/super-admin',
  dashboard: '/dashboard',
  createImage: '/create/image',
  createVideo: '/create/video',
  createBatch: '/create/batch',
  batch: (id: string) => `/batches/${encodeURIComponent(id)}`,
  batchPattern: '/batches/:id',
  models: '/models',
  profile: '/profile',
  buyCredits: '/buy-credits',
  credits: '/credits',
  sandboxCheckout: (sessionId: string) => `/billing/sandbox/checkout/${encodeURIComponent(sessionId)}`,
  sandboxCheckoutPattern: '/billing/sandbox/checkout/:sessionId',
  sandboxPortal: '/billing/sandbox/portal',
  collections: '/collections',
  share: (id: string) => `/share/${encodeURIComponent(id)}`,
  sharePattern: '/share/:id',
  waitlist: '/waitlist',
  /** The waitlist with a plan preselected: in the address, so a link clicked before the app has started keeps it. */
  waitlistFor: (plan: string) => `/waitlist?plan=${encodeURIComponent(plan)}`,
  /** API keys and webhooks of the current workspace (the switched-off endpoint email links here). */
  developers: '/developers',
  /** The workspace's connected store (Shopify or the demo store) and its imported catalogue. */
  store: '/store',
  /** A product page of the built-in demo store, as a shopper would see it. */
  demoStorefront: (handle: string) => `/store/demo/products/${encodeURIComponent(handle)}`,
  demoStorefrontPattern: '/store/demo/products/:handle',
} as const;

/** The server's API documentation (not client routes: plain links, a full page load). */
export const developerDocs = {
  reference: '/api/docs',
  quickstart: '/api/docs#quickstart',
} as const;

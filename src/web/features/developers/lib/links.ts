/** The server's API documentation, the quickstart at its top (not a client route: a plain link, a full page load). */
export const developerDocs = {
  reference: '/api/docs',
} as const;

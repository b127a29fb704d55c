/** Rate limits, upload limits and page sizes (spec §9 plus Klipt's own abuse limits). */
export const waitlistRateLimit = { name: 'waitlist:ip', max: 8, windowSeconds: 15 * 60 } as const;

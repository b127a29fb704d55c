import { z } from 'zod';
import { billingModes } from './billing.ts';
import { defineContract } from './contract.ts';

/** Public, non-secret settings the web app adapts to. */
export const PublicSettings = z
  .object({
    registrationMode: z.enum(['open', 'waitlist']),
    welcomeCredits: z.number().int(),
    /** off hides purchasing; sandbox marks checkouts as tests in which no money moves. */
    billingMode: z.enum(billingModes),
  })
  .meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof PublicSettings>;

export const getSettings = defineContract({
  method: 'GET',
  path: '/api/settings',
  summary: 'Public settings of this Klipt installation',
  tags: ['system'],
  status: 200,
  response: PublicSettings,
  auth: 'public',
});

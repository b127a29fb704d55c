import { z } from 'zod';
import { defineContract } from './contract.ts';

export const getCreditBalance = defineContract({
  method: 'GET',
  path: '/api/credits/balance',
  summary: 'Your credit balance (the sum of your ledger)',
  tags: ['credits'],
  status: 200,
  response: z.object({ credits: z.number().int() }),
  errors: [401, 403],
  auth: 'verified',
});

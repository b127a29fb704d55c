import { z } from 'zod';
import { defineContract } from './contract.ts';
import { creditTransactionTypes } from './credits.ts';
import { cursorField } from './klips.ts';

export const getCreditBalance = defineContract({
  method: 'GET',
  path: '/api/credits/balance',
  summary: 'Your credit balance (the sum of your ledger)',
  tags: ['credits'],
  status: 200,
  response: z.object({ credits: z.number().int() }),
  errors: [401, 403],
  auth: 'verified',
  apiKey: 'read',
});

export const CreditHistoryEntry = z
  .object({
    id: z.string(),
    createdAt: z.iso.datetime(),
    type: z.enum(creditTransactionTypes),
    description: z.string().nullable(),
    /** Positive for credits in, negative for credits spent. */
    amount: z.number().int(),
    /** The balance right after this row. */
    balanceAfter: z.number().int(),
    /** A usage row whose generation failed and was refunded. */
    refunded: z.boolean(),
    /** The member the row is for (who spent, bought or was refunded); null for rows of no one (an admin adjustment). */
    member: z.string().nullable(),
  })
  .meta({ id: 'CreditHistoryEntry' });
export type CreditHistoryEntry = z.infer<typeof CreditHistoryEntry>;

export const CreditHistoryPage = z
  .object({ entries: z.array(CreditHistoryEntry), nextCursor: z.string().nullable(), balance: z.number().int() })
  .meta({ id: 'CreditHistoryPage' });
export type CreditHistoryPage = z.infer<typeof CreditHistoryPage>;

export const getCreditHistory = defineContract({
  method: 'GET',
  path: '/api/credits/history',
  summary: 'Your credit ledger, newest first, 20 rows per page (keyset cursor), each with the balance after it',
  tags: ['credits'],
  query: z.object({ cursor: cursorField }),
  status: 200,
  response: CreditHistoryPage,
  errors: [400, 401, 403],
  auth: 'verified',
  apiKey: 'read',
});

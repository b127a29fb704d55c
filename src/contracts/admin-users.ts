import { z } from 'zod';
import { userIdField } from './admin-klips.ts';
import { defineContract } from './contract.ts';
import { searchText, text } from './fields.ts';
import { cursorField } from './klips.ts';

/** What super admins read in the Users tab. */
export const adminUserMessages = {
  notFound: 'User not found',
  amountInvalid: 'Enter a whole number of credits other than 0',
  amountTooLarge: 'At most 100,000 credits at once',
  reasonRequired: 'Please give a reason',
  reasonTooLong: 'The reason must be at most 200 characters',
  belowZero: 'This would take the balance below zero',
  lastSuperAdmin: 'Klipt needs at least one super admin: promote someone else first',
  unverifiedPromotion: 'Only users who have confirmed their email can become super admins',
  roleInvalid: 'Choose super admin or user',
} as const;

export const ADMIN_USER_PAGE_SIZE = 25;
export const CREDIT_ADJUSTMENT_MAX = 100_000;

export const AdminUser = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    createdAt: z.iso.datetime(),
    emailVerified: z.boolean(),
    /** The balance of the user's personal workspace (teams' balances are in the Workspaces tab). */
    balance: z.number().int(),
    isSuperAdmin: z.boolean(),
    klipCount: z.number().int(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

export const listUsers = defineContract({
  method: 'GET',
  path: '/api/admin/users',
  summary: 'Users, newest first, 25 per page (keyset cursor), searchable by email or name (super admins only)',
  tags: ['admin'],
  query: z.object({ search: searchText(), cursor: cursorField }),
  status: 200,
  response: z.object({ users: z.array(AdminUser), nextCursor: z.string().nullable() }),
  errors: [400, 401, 403],
  auth: 'admin',
});

const userParams = z.object({ id: userIdField });

export const AdjustCreditsRequest = z.object({
  /** Positive grants, negative deducts. */
  amount: z
    .number(adminUserMessages.amountInvalid)
    .int(adminUserMessages.amountInvalid)
    // Bounds as min/max rather than a refinement, so the OpenAPI document states them.
    .min(-CREDIT_ADJUSTMENT_MAX, adminUserMessages.amountTooLarge)
    .max(CREDIT_ADJUSTMENT_MAX, adminUserMessages.amountTooLarge)
    .refine((n) => n !== 0, adminUserMessages.amountInvalid),
  reason: text({ required: adminUserMessages.reasonRequired, max: [200, adminUserMessages.reasonTooLong] }),
});

export const adjustUserCredits = defineContract({
  method: 'POST',
  path: '/api/admin/users/:id/credits',
  summary:
    "Grants (positive) or deducts (negative) credits as one adjustment row of the ledger of the user's personal workspace, with a reason; never below zero (super admins only)",
  tags: ['admin'],
  params: userParams,
  body: AdjustCreditsRequest,
  status: 200,
  response: z.object({ balance: z.number().int() }),
  errors: [400, 401, 403, 404, 409],
  auth: 'admin',
});

export const setUserRole = defineContract({
  method: 'PUT',
  path: '/api/admin/users/:id/role',
  summary: 'Promotes a user to super admin or demotes one, never the last (super admins only)',
  tags: ['admin'],
  params: userParams,
  body: z.object({ superAdmin: z.boolean(adminUserMessages.roleInvalid) }),
  status: 200,
  response: z.object({ isSuperAdmin: z.boolean() }),
  errors: [400, 401, 403, 404, 409],
  auth: 'admin',
});

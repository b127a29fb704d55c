import { z } from 'zod';
import { defineContract } from './contract.ts';
import { cursorField } from './klips.ts';
import { expectedPlans, waitlistRoles, waitlistStatuses } from './waitlist.ts';

export const adminWaitlistMessages = {
  selectionRequired: 'Choose at least one entry',
  tooMany: 'Approve at most 100 entries at once',
  entryInvalid: 'Unknown waitlist entry',
} as const;

export const ADMIN_WAITLIST_PAGE_SIZE = 25;
export const WAITLIST_APPROVE_MAX = 100;

export const waitlistStatusFilters = ['all', ...waitlistStatuses] as const;
export const waitlistSorts = ['score', 'newest'] as const;

export const AdminWaitlistEntry = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    role: z.enum(waitlistRoles).nullable(),
    expectedPlan: z.enum(expectedPlans).nullable(),
    score: z.number().int(),
    status: z.enum(waitlistStatuses),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminWaitlistEntry' });
export type AdminWaitlistEntry = z.infer<typeof AdminWaitlistEntry>;

export const listWaitlist = defineContract({
  method: 'GET',
  path: '/api/admin/waitlist',
  summary: 'Waitlist entries by score (highest first) or newest, 25 per page (keyset cursor), by status (super admins only)',
  tags: ['admin'],
  query: z.object({
    status: z.enum(waitlistStatusFilters).default('pending'),
    sort: z.enum(waitlistSorts).default('score'),
    cursor: cursorField,
  }),
  status: 200,
  response: z.object({ entries: z.array(AdminWaitlistEntry), nextCursor: z.string().nullable() }),
  errors: [400, 401, 403],
  auth: 'admin',
});

export const approveWaitlistEntries = defineContract({
  method: 'POST',
  path: '/api/admin/waitlist/approve',
  summary: 'Approves entries and emails each its invitation once; entries already approved are left as they are (super admins only)',
  tags: ['admin'],
  body: z.object({
    ids: z
      .array(z.uuid(adminWaitlistMessages.entryInvalid), adminWaitlistMessages.selectionRequired)
      .min(1, adminWaitlistMessages.selectionRequired)
      .max(WAITLIST_APPROVE_MAX, adminWaitlistMessages.tooMany),
  }),
  status: 200,
  response: z.object({ approved: z.array(z.object({ id: z.string(), email: z.string() })), unchanged: z.number().int() }),
  errors: [400, 401, 403],
  auth: 'admin',
});

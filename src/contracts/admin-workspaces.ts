import { z } from 'zod';
import { AdjustCreditsRequest } from './admin-users.ts';
import { defineContract } from './contract.ts';
import { searchText } from './fields.ts';
import { cursorField } from './klips.ts';
import { workspaceMessages } from './workspaces.ts';
import { planIds } from './plans.ts';
import { workspaceKinds, workspaceRoles } from './workspace-kinds.ts';

export const ADMIN_WORKSPACE_PAGE_SIZE = 20;
/** The members a row of the list names; the rest are counted in seatsUsed. */
export const ADMIN_WORKSPACE_MEMBERS_SHOWN = 5;

export const AdminWorkspaceMember = z
  .object({ userId: z.string(), name: z.string(), email: z.string(), role: z.enum(workspaceRoles) })
  .meta({ id: 'AdminWorkspaceMember' });
export type AdminWorkspaceMember = z.infer<typeof AdminWorkspaceMember>;

export const AdminWorkspace = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(workspaceKinds),
    /** The plan of its newest subscription in an entitled state (active, trialing, past_due), or null. */
    plan: z.enum(planIds).nullable(),
    /** The seats its plan gives. */
    seats: z.number().int(),
    /** Its members. */
    seatsUsed: z.number().int(),
    /** The sum of its ledger. */
    balance: z.number().int(),
    /** The first few members, owner first, then by when they joined. */
    members: z.array(AdminWorkspaceMember),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminWorkspace' });
export type AdminWorkspace = z.infer<typeof AdminWorkspace>;

export const listAdminWorkspaces = defineContract({
  method: 'GET',
  path: '/api/admin/workspaces',
  summary: 'Workspaces, newest first, 20 per page (keyset cursor), searchable by name or member email (super admins only)',
  tags: ['admin'],
  query: z.object({ search: searchText(), cursor: cursorField }),
  status: 200,
  response: z.object({ workspaces: z.array(AdminWorkspace), nextCursor: z.string().nullable() }),
  errors: [400, 401, 403],
  auth: 'admin',
});

// `:id`, never `:workspaceId`: the router answers 404 to non-members on any path with `/:workspaceId`.
export const adjustWorkspaceCredits = defineContract({
  method: 'POST',
  path: '/api/admin/workspaces/:id/credits',
  summary:
    "Grants (positive) or deducts (negative) credits as one adjustment row of the workspace's ledger, with a reason; never below zero (super admins only)",
  tags: ['admin'],
  params: z.object({ id: z.uuid(workspaceMessages.notFound) }),
  body: AdjustCreditsRequest,
  status: 200,
  response: z.object({ balance: z.number().int() }),
  errors: [400, 401, 403, 404, 409],
  auth: 'admin',
});

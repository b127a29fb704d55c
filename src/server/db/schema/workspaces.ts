import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invitableRoles, workspaceKinds, workspaceRoles } from '#contracts/workspace-kinds.ts';
import { users } from './auth.ts';
import { inList } from './sql-helpers.ts';

/**
 * Who owns what a customer makes or buys (docs/architecture.md#ownership-and-plans). Every account
 * has a personal workspace, made with it by a trigger on `users` (migration 0005), so no code path
 * that creates a user can forget it; teams are workspaces with several members.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: workspaceKinds }).notNull(),
    name: text('name').notNull(),
    /** Storage key of the team's avatar; personal workspaces show their owner's profile avatar. */
    avatarKey: text('avatar_key'),
    /** The account a personal workspace belongs to (one each); null for teams. */
    personalOf: text('personal_of').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('workspaces_kind_check', sql`${t.kind} in ${inList(workspaceKinds)}`),
    check('workspaces_personal_check', sql`(${t.kind} = 'personal') = (${t.personalOf} is not null)`),
    uniqueIndex('workspaces_personal_of_unique').on(t.personalOf),
    // God Mode's list, newest first, keyset on (created_at, id).
    index('workspaces_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Membership and role. `selectedAt` orders a user's workspaces: the newest is the one they are
 * working in, so the choice survives reloads and devices, and a removed member falls back at once.
 */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: workspaceRoles }).notNull(),
    selectedAt: timestamp('selected_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    check('workspace_members_role_check', sql`${t.role} in ${inList(workspaceRoles)}`),
    // At most one owner per workspace; the workspace service keeps it exactly one.
    uniqueIndex('workspace_members_one_owner_unique')
      .on(t.workspaceId)
      .where(sql`${t.role} = 'owner'`),
    // A user's workspaces, current first (read on every signed-in request).
    index('workspace_members_user_selected_idx').on(t.userId, t.selectedAt.desc()),
  ],
);

/** An emailed invitation: the link carries a secret whose hash is kept here; single use, expires. */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-case, as accounts store it. */
    email: text('email').notNull(),
    role: text('role', { enum: invitableRoles }).notNull(),
    tokenHash: text('token_hash').notNull().unique('workspace_invitations_token_unique'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('workspace_invitations_role_check', sql`${t.role} in ${inList(invitableRoles)}`),
    // One open invitation per address and team; re-sending replaces its secret.
    uniqueIndex('workspace_invitations_open_unique')
      .on(t.workspaceId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('workspace_invitations_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);

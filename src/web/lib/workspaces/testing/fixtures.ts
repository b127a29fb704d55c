import { entitlementKeys, planAllows, seatsOf } from '#contracts/entitlements.ts';
import type { WorkspaceDetail, WorkspaceList, WorkspaceMember, WorkspaceSummary } from '#contracts/workspaces.ts';
import type { EntitlementKey } from '#contracts/entitlements.ts';

export const PERSONAL_ID = '11111111-1111-4111-8111-111111111111';
export const TEAM_ID = '22222222-2222-4222-8222-222222222222';
export const OTHER_TEAM_ID = '33333333-3333-4333-8333-333333333333';

/** A workspace as the API sends it; seats and entitlements follow its plan through the real table. */
export function workspaceFixture(overrides: Partial<WorkspaceSummary> = {}): WorkspaceSummary {
  const plan = overrides.plan ?? null;
  return {
    id: PERSONAL_ID,
    kind: 'personal',
    name: 'maya',
    avatarUrl: null,
    role: 'owner',
    plan,
    seats: seatsOf(plan),
    memberCount: 1,
    entitlements: Object.fromEntries(entitlementKeys.map((k) => [k, planAllows(plan, k)])) as Record<EntitlementKey, boolean>,
    ...overrides,
  };
}

export function teamFixture(overrides: Partial<WorkspaceSummary> = {}): WorkspaceSummary {
  return workspaceFixture({ id: TEAM_ID, kind: 'team', name: 'Candle Co.', ...overrides });
}

export function listFixture(currentId: string, ...workspaces: WorkspaceSummary[]): WorkspaceList {
  return { currentId, workspaces };
}

export function memberFixture(overrides: Partial<WorkspaceMember> = {}): WorkspaceMember {
  return {
    userId: 'u1',
    displayName: 'maya',
    email: 'maya@candles.test',
    avatarUrl: null,
    role: 'owner',
    joinedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function teamDetailFixture(summary: Partial<WorkspaceSummary> = {}, detail: Partial<WorkspaceDetail> = {}): WorkspaceDetail {
  const members = detail.members ?? [memberFixture()];
  const invitations = detail.invitations ?? [];
  return {
    ...teamFixture(summary),
    members,
    invitations,
    seatsUsed: members.length + invitations.filter((i) => !i.expired).length,
    ...detail,
  };
}

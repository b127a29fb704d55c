import { createInvitationOperations } from './invitations.ts';
import { createMemberOperations } from './members.ts';
import { createTeamOperations } from './teams.ts';
import type { WorkspaceDeps } from './context.ts';

/** Workspaces, teams, members and invitations (docs/product-rules.md#workspaces). */
export function createWorkspaceService(deps: WorkspaceDeps) {
  return {
    teams: createTeamOperations(deps),
    members: createMemberOperations(deps),
    invitations: createInvitationOperations(deps),
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

import { describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '#contracts/workspace-kinds.ts';
import {
  canAssignRole,
  canBuyForWorkspace,
  canDeleteBrandAssets,
  canDeleteOrTransferWorkspace,
  canEditKlip,
  canEditTrainedModel,
  canLeaveWorkspace,
  canManageMember,
  canManageWorkspace,
  canMoveSubscription,
  canReadKlip,
  canSeeKlipMaker,
  canSeeTrainedModel,
  canSeeWorkspace,
  canUseBatch,
  canUseBrandKits,
  canUseLooks,
  canDeleteLook,
  canDownloadAdSet,
  canUseTrainedModel,
  canUseUpload,
  isOwnKlip,
  trainedModelListScope,
  type Viewer,
} from './rules.ts';

// One team ("team") with an owner, an admin and a member; each person also has a personal
// workspace ("p-<id>"). The member works in their personal workspace right now.
function person(id: string, current: string, teamRole: WorkspaceRole | null, isSuperAdmin = false): Viewer {
  const memberships = new Map<string, WorkspaceRole>([[`p-${id}`, 'owner']]);
  if (teamRole) memberships.set('team', teamRole);
  return { id, isSuperAdmin, workspaceId: current, memberships };
}
const owner = person('owner', 'team', 'owner');
const teamAdmin = person('teamAdmin', 'team', 'admin');
const member = person('member', 'p-member', 'member');
const stranger = person('stranger', 'p-stranger', null);
const superAdmin = person('superAdmin', 'p-superAdmin', null, true);
const viewers = { visitor: null, owner, teamAdmin, member, stranger, superAdmin } as const;
type Who = keyof typeof viewers;

const privateRow = { workspaceId: 'team', isPublic: false };
const publicRow = { workspaceId: 'team', isPublic: true };
const everyone: Who[] = ['visitor', 'owner', 'teamAdmin', 'member', 'stranger', 'superAdmin'];

const target = (role: WorkspaceRole, userId = 'someone') => ({ userId, role });

function allowed(rule: (viewer: Viewer | null) => boolean): Who[] {
  return (Object.keys(viewers) as Who[]).filter((who) => rule(viewers[who]));
}

describe('access rules: rows belong to workspaces', () => {
  it("klips: public ones for everyone, private ones for the workspace's members (whatever they work in) and super admins", () => {
    expect(allowed((v) => canReadKlip(v, publicRow))).toEqual(everyone);
    expect(allowed((v) => canReadKlip(v, privateRow))).toEqual(['owner', 'teamAdmin', 'member', 'superAdmin']);
  });

  it('klips are tagged and published by members and super admins, public or not; "own" means in the workspace worked in now', () => {
    expect(allowed((v) => canEditKlip(v, publicRow))).toEqual(['owner', 'teamAdmin', 'member', 'superAdmin']);
    expect(allowed((v) => canEditKlip(v, privateRow))).toEqual(['owner', 'teamAdmin', 'member', 'superAdmin']);
    expect(allowed((v) => isOwnKlip(v, privateRow))).toEqual(['owner', 'teamAdmin']);
  });

  it("who in a team made a klip is shown to the team's members only, and never for a personal klip", () => {
    expect(allowed((v) => canSeeKlipMaker(v, { workspaceId: 'team', workspaceKind: 'team' }))).toEqual(['owner', 'teamAdmin', 'member']);
    expect(allowed((v) => canSeeKlipMaker(v, { workspaceId: 'p-member', workspaceKind: 'personal' }))).toEqual([]);
  });

  it('trained models are seen and used like klips are read; only members and super admins change them', () => {
    for (const row of [privateRow, publicRow]) {
      expect(allowed((v) => canSeeTrainedModel(v, row))).toEqual(allowed((v) => canReadKlip(v, row)));
      expect(allowed((v) => canUseTrainedModel(v, row))).toEqual(allowed((v) => canSeeTrainedModel(v, row)));
      expect(allowed((v) => canEditTrainedModel(v, row))).toEqual(['owner', 'teamAdmin', 'member', 'superAdmin']);
    }
  });

  it('a model list shows public models and those of the workspace worked in; everything it lists may be used', () => {
    const rows = [privateRow, publicRow, { workspaceId: 'p-member', isPublic: false }, { workspaceId: null, isPublic: false }];
    const listedButUnusable: string[] = [];
    const wronglyListed: string[] = [];
    for (const who of Object.keys(viewers) as Who[]) {
      const viewer = viewers[who];
      const scope = trainedModelListScope(viewer);
      for (const row of rows) {
        const listed =
          'all' in scope || row.isPublic || (scope.publicOrOfWorkspace !== null && row.workspaceId === scope.publicOrOfWorkspace);
        if (listed && !canUseTrainedModel(viewer, row)) listedButUnusable.push(`${who} ${JSON.stringify(row)}`);
        const inCurrent = viewer !== null && row.workspaceId === viewer.workspaceId;
        if (listed !== (viewer?.isSuperAdmin === true || row.isPublic || inCurrent)) wronglyListed.push(`${who} ${JSON.stringify(row)}`);
      }
    }
    expect(listedButUnusable).toEqual([]);
    expect(wronglyListed).toEqual([]);
    expect(trainedModelListScope(superAdmin)).toEqual({ all: true });
    expect(trainedModelListScope(owner)).toEqual({ publicOrOfWorkspace: 'team' });
    expect(trainedModelListScope(null)).toEqual({ publicOrOfWorkspace: null });
  });

  it('an upload serves the workspace it was uploaded to, only while the viewer works there (super admins included)', () => {
    expect(allowed((v) => canUseUpload(v, { workspaceId: 'team' }))).toEqual(['owner', 'teamAdmin']);
    expect(allowed((v) => canUseUpload(v, { workspaceId: 'p-member' }))).toEqual(['member']);
  });

  it("a batch is its workspace's members'", () => {
    expect(allowed((v) => canUseBatch(v, { workspaceId: 'team' }))).toEqual(['owner', 'teamAdmin', 'member']);
  });
});

describe('access rules: workspaces and roles', () => {
  it('members see a workspace; the owner and admins manage it; non-members and super admins get nothing here', () => {
    expect(allowed((v) => canSeeWorkspace(v, 'team'))).toEqual(['owner', 'teamAdmin', 'member']);
    expect(allowed((v) => canManageWorkspace(v, 'team'))).toEqual(['owner', 'teamAdmin']);
  });

  it('the owner and admins manage members below owner, never the owner nor themselves; nobody is made owner by a role change', () => {
    expect(allowed((v) => canManageMember(v, 'team', target('member')))).toEqual(['owner', 'teamAdmin']);
    expect(allowed((v) => canManageMember(v, 'team', target('admin')))).toEqual(['owner', 'teamAdmin']);
    expect(allowed((v) => canManageMember(v, 'team', target('owner', 'owner')))).toEqual([]);
    expect(canManageMember(teamAdmin, 'team', target('admin', 'teamAdmin'))).toBe(false);
    expect(allowed((v) => canAssignRole(v, 'team', target('member'), 'admin'))).toEqual(['owner', 'teamAdmin']);
    expect(allowed((v) => canAssignRole(v, 'team', target('member'), 'owner'))).toEqual([]);
  });

  it('only the owner buys, deletes or hands a team over; a personal workspace is never deleted, handed over or left', () => {
    const team = { id: 'team', kind: 'team' } as const;
    expect(allowed((v) => canBuyForWorkspace(v, 'team'))).toEqual(['owner']);
    expect(allowed((v) => canDeleteOrTransferWorkspace(v, team))).toEqual(['owner']);
    expect(allowed((v) => canLeaveWorkspace(v, team))).toEqual(['teamAdmin', 'member']);
    const personal = { id: 'p-member', kind: 'personal' } as const;
    expect(allowed((v) => canDeleteOrTransferWorkspace(v, personal))).toEqual([]);
    expect(allowed((v) => canLeaveWorkspace(v, personal))).toEqual([]);
  });

  it('a subscription moves only from a workspace its owner owns to a team they also own', () => {
    expect(allowed((v) => canMoveSubscription(v, `p-${v?.id}`, { id: 'team', kind: 'team' }))).toEqual(['owner']);
    expect(canMoveSubscription(owner, 'team', { id: 'p-owner', kind: 'personal' })).toBe(false);
    expect(canMoveSubscription(owner, 'team', { id: 'team', kind: 'team' })).toBe(false);
  });

  it('brand kits: every member lists, makes and edits them and uploads files; only owners and admins delete kits and fonts; super admins are no members', () => {
    expect(allowed((v) => canUseBrandKits(v, 'team'))).toEqual(['owner', 'teamAdmin', 'member']);
    expect(allowed((v) => canDeleteBrandAssets(v, 'team'))).toEqual(['owner', 'teamAdmin']);
  });

  it('saved looks: every member lists, saves and applies them; only owners and admins delete them; super admins are no members', () => {
    expect(allowed((v) => canUseLooks(v, 'team'))).toEqual(['owner', 'teamAdmin', 'member']);
    expect(allowed((v) => canDeleteLook(v, 'team'))).toEqual(['owner', 'teamAdmin']);
  });

  it("ads: a set's ZIP for every member of its workspace, wherever they work now, and for super admins", () => {
    expect(allowed((v) => canDownloadAdSet(v, { workspaceId: 'team' }))).toEqual(['owner', 'teamAdmin', 'member', 'superAdmin']);
  });
});

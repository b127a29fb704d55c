import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entitlementFeatures, entitlementMessages } from '#contracts/entitlements.ts';
import { profileMessages } from '#contracts/profile.ts';
import { workspaceMessages, type WorkspaceDetail } from '#contracts/workspaces.ts';
import { apiError, fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { paths } from '../../lib/paths.ts';
import {
  listFixture,
  memberFixture,
  teamDetailFixture,
  teamFixture,
  TEAM_ID,
  workspaceFixture,
} from '../../lib/workspaces/testing/fixtures.ts';
import { seriousViolations } from '../../lib/testing/serious-violations.ts';
import TeamSettingsPage from './team-settings-page.tsx';
import {
  changeMemberRole,
  deleteTeam,
  getMe,
  getWorkspace,
  inviteMember,
  listWorkspaces,
  removeMember,
  renameTeam,
  resendInvitation,
  revokeInvitation,
  selectWorkspace,
  transferOwnership,
  uploadTeamAvatar,
} from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route path={paths.teamPattern} element={<TeamSettingsPage />} />
    <Route path="*" element={<LocationProbe />} />
  </Routes>
);

const jonas = memberFixture({ userId: 'u2', displayName: 'Jonas', email: 'jonas@candles.test', role: 'member' });
const lea = memberFixture({ userId: 'u3', displayName: 'Lea', email: 'lea@candles.test', role: 'admin' });

function server(team: () => WorkspaceDetail, ...extra: FakeRoute[]) {
  return fakeApi(
    on(getMe, () => json(200, meFixture())),
    on(getWorkspace, () => json(200, team())),
    on(listWorkspaces, () => json(200, listFixture(TEAM_ID, workspaceFixture(), team()))),
    ...extra,
  );
}

function invitation(id: string, email: string, expired: boolean) {
  return {
    id,
    email,
    role: 'member' as const,
    invitedBy: 'maya',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: expired ? '2026-11-10T10:00:00.000Z' : '2026-11-27T10:00:00.000Z',
    expired,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Team settings', () => {
  it('shows the invite area locked, with the plan that unlocks it and an upgrade link, on a plan without team sharing', async () => {
    server(() => teamDetailFixture({ plan: null }));
    renderRoutes(routes, paths.team(TEAM_ID));
    const locked = await screen.findByTestId('invite-locked');
    expect(locked.textContent).toContain(entitlementMessages.planRequired('teamSharing'));
    expect(within(locked).getByRole('link', { name: 'Upgrade to Growth' }).getAttribute('href')).toBe(paths.buyCredits);
    // Locked, not hidden: the heading stays, the form does not.
    expect(within(screen.getByTestId('invite-area')).getByRole('heading', { name: 'Invite a member' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.getByTestId('seats').textContent).toBe('1 of 1 seat used');
    expect(screen.getByTestId('plan-and-seats').textContent).toContain('No plan');
    expect(await seriousViolations()).toEqual([]);
  });

  it('shows plan and seats, invites by email and role, and shows the server’s seat-limit message', async () => {
    const api = server(
      () => teamDetailFixture({ plan: 'growth' }, { members: [memberFixture(), jonas] }),
      on(inviteMember, () => apiError(403, 'SEAT_LIMIT', entitlementMessages.seatLimit(3))),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    expect((await screen.findByTestId('seats')).textContent).toBe('2 of 3 seats used');
    expect(screen.getByTestId('plan-and-seats').textContent).toContain('Growth');
    expect(screen.queryByTestId('invite-locked')).toBeNull();
    expect(await seriousViolations()).toEqual([]);

    const form = screen.getByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByLabelText('Email'), 'kim@candles.test');
    await user.selectOptions(within(form).getByLabelText('Role'), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain(entitlementMessages.seatLimit(3));
    expect(api.calls(inviteMember, { workspaceId: TEAM_ID }).map((r) => r.body)).toEqual([{ email: 'kim@candles.test', role: 'admin' }]);

    // A bad address never reaches the server.
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(within(form).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(api.calls(inviteMember)).toHaveLength(1);
  });

  it('lets an admin change a role below owner and remove a member, never touch the owner, and leave', async () => {
    const owner = memberFixture({ userId: 'u9', displayName: 'Olga', email: 'olga@candles.test', role: 'owner' });
    const self = memberFixture({ role: 'admin' });
    const api = server(
      () => teamDetailFixture({ role: 'admin', plan: 'growth' }, { members: [owner, self, jonas] }),
      on(changeMemberRole, () => json(200, { ...jonas, role: 'admin' })),
      on(removeMember, () => json(204)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    const rows = await screen.findAllByTestId('member');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('olga@candles.test'),
      expect.stringContaining('maya@candles.test'),
      expect.stringContaining('jonas@candles.test'),
    ]);
    // The owner's row and the admin's own row have no role picker and no Remove.
    expect(within(rows[0]!).queryByRole('combobox')).toBeNull();
    expect(within(rows[0]!).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(rows[1]!).queryByRole('combobox')).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Leave team' })).not.toBeNull();
    // Only the owner hands over or deletes.
    expect(screen.queryByRole('heading', { name: 'Owner actions' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Role of Jonas'), 'admin');
    await waitFor(() => expect(api.calls(changeMemberRole)).toHaveLength(1));
    expect(api.calls(changeMemberRole)[0]!.params).toEqual({ workspaceId: TEAM_ID, userId: 'u2' });
    expect(api.calls(changeMemberRole)[0]!.body).toEqual({ role: 'admin' });

    await user.click(screen.getByRole('button', { name: 'Remove Jonas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Jonas?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.calls(removeMember, { userId: 'u2' })).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a changed role refused by the server with its message', async () => {
    server(
      () => teamDetailFixture({ role: 'admin', plan: 'growth' }, { members: [memberFixture({ role: 'admin' }), jonas] }),
      on(changeMemberRole, () => apiError(403, 'FORBIDDEN', workspaceMessages.notAllowed)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    await user.selectOptions(await screen.findByLabelText('Role of Jonas'), 'admin');
    expect((await screen.findByRole('alert')).textContent).toContain(workspaceMessages.notAllowed);
  });

  it('a member sees members and invitations without controls, and may leave', async () => {
    server(() =>
      teamDetailFixture(
        { role: 'member', plan: 'growth' },
        {
          members: [memberFixture({ userId: 'u9', displayName: 'Olga', role: 'owner' }), memberFixture({ role: 'member' })],
          invitations: [
            {
              id: 'i1',
              email: 'kim@candles.test',
              role: 'member',
              invitedBy: 'Olga',
              createdAt: '2026-11-20T10:00:00.000Z',
              expiresAt: '2026-11-27T10:00:00.000Z',
              expired: false,
            },
          ],
        },
      ),
    );
    renderRoutes(routes, paths.team(TEAM_ID));
    expect(await screen.findByText('kim@candles.test')).not.toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Resend|Revoke|Remove/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Team name' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave team' })).not.toBeNull();
  });

  it('lists pending invitations with their expiry or Expired, and re-sends and revokes them', async () => {
    const open = invitation('11111111-0000-4000-8000-000000000001', 'kim@candles.test', false);
    const old = invitation('11111111-0000-4000-8000-000000000002', 'ben@candles.test', true);
    const api = server(
      () => teamDetailFixture({ plan: 'growth' }, { invitations: [open, old] }),
      on(resendInvitation, () => json(200, { ...old, expired: false })),
      on(revokeInvitation, () => json(204)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    const rows = await screen.findAllByTestId('invitation');
    expect(rows[0]!.textContent).toContain('Expires Nov 27, 2026');
    expect(rows[0]!.textContent).toContain('Invited as Member');
    expect(rows[1]!.textContent).toContain('Expired');
    // Expired invitations hold no seat.
    expect(screen.getByTestId('seats').textContent).toBe('2 of 3 seats used');

    await user.click(screen.getByRole('button', { name: 'Resend the invitation to ben@candles.test' }));
    await waitFor(() => expect(api.calls(resendInvitation, { invitationId: old.id })).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to kim@candles.test' }));
    await waitFor(() => expect(api.calls(revokeInvitation, { invitationId: open.id })).toHaveLength(1));
  });

  it('lets the owner hand the team over to a member after confirming', async () => {
    const api = server(
      () => teamDetailFixture({ plan: 'growth' }, { members: [memberFixture(), jonas, lea] }),
      on(transferOwnership, () =>
        json(
          200,
          teamDetailFixture(
            { role: 'admin', plan: 'growth' },
            { members: [memberFixture({ role: 'admin' }), { ...jonas, role: 'owner' }, lea] },
          ),
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    await user.selectOptions(await screen.findByLabelText('New owner'), 'u2');
    await user.click(screen.getByRole('button', { name: 'Transfer ownership' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make Jonas the owner?' });
    expect(api.calls(transferOwnership)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() => expect(api.calls(transferOwnership).map((r) => r.body)).toEqual([{ userId: 'u2' }]));
    // Now an admin: the owner's actions are gone.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Owner actions' })).toBeNull());
  });

  it('deletes a team only after its name is typed, then goes to the dashboard', async () => {
    const api = server(
      () => teamDetailFixture({ plan: 'growth' }),
      on(deleteTeam, () => json(204)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    await user.click(await screen.findByRole('button', { name: 'Delete team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Candle Co.?' });
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Delete team forever' });
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type Candle Co. to confirm'), 'Candle Co');
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type Candle Co. to confirm'), '.');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.dashboard));
    expect(api.calls(deleteTeam, { workspaceId: TEAM_ID })).toHaveLength(1);
  });

  it('shows a team it cannot load with the server’s message and a way to try again', async () => {
    let fail = true;
    server(
      () => teamDetailFixture(),
      on(getWorkspace, () => (fail ? apiError(404, 'NOT_FOUND', workspaceMessages.notFound) : json(200, teamDetailFixture()))),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The team could not be loaded.');
    expect(alert.textContent).toContain(workspaceMessages.notFound);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Candle Co.' })).not.toBeNull();
  });

  it('switches to the team before an upgrade when another workspace is current, so the plan is bought for the team', async () => {
    let current = workspaceFixture().id;
    const api = server(
      () => teamDetailFixture({ plan: null }),
      on(listWorkspaces, () => json(200, listFixture(current, workspaceFixture(), teamDetailFixture({ plan: null })))),
      on(selectWorkspace, (req) => {
        current = (req.body as { workspaceId: string }).workspaceId;
        return json(200, teamDetailFixture({ plan: null }));
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    const upgrade = await screen.findByRole('link', { name: 'Upgrade to Growth' });
    await waitFor(() => expect(api.calls(listWorkspaces).length).toBeGreaterThan(0));
    await user.click(upgrade);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.buyCredits));
    expect(api.calls(selectWorkspace).map((r) => r.body)).toEqual([{ workspaceId: TEAM_ID }]);
  });

  it('goes straight to the plans when the team is already current', async () => {
    const api = server(
      () => teamDetailFixture({ plan: null }),
      on(selectWorkspace, () => json(500)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    const upgrade = await screen.findByRole('link', { name: 'Upgrade to Growth' });
    await waitFor(() => expect(api.calls(listWorkspaces).length).toBeGreaterThan(0));
    await user.click(upgrade);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.buyCredits));
    expect(api.calls(selectWorkspace)).toHaveLength(0);
  });

  it('lets an owner or admin rename the team (the contract’s message for an empty name) and upload its avatar (checked in the browser first)', async () => {
    const api = server(
      () => teamDetailFixture({ role: 'admin', plan: 'growth' }, { members: [memberFixture({ role: 'admin' })] }),
      on(renameTeam, (req) => json(200, teamFixture({ name: (req.body as { name: string }).name }))),
      on(uploadTeamAvatar, () => json(200, teamFixture({ avatarUrl: '/files/avatars/team.png' }))),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    const form = await screen.findByRole('form', { name: 'Team name' });
    const name = within(form).getByLabelText('Team name');
    await user.clear(name);
    await user.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await within(form).findByText(workspaceMessages.nameRequired)).not.toBeNull();
    expect(api.calls(renameTeam)).toHaveLength(0);
    await user.type(name, 'Candle Collective');
    await user.click(within(form).getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(api.calls(renameTeam, { workspaceId: TEAM_ID }).map((r) => r.body)).toEqual([{ name: 'Candle Collective' }]),
    );

    // A file that is no image is refused in the browser, as on the profile page.
    const picky = userEvent.setup({ applyAccept: false });
    await picky.upload(screen.getByLabelText('Team avatar image'), new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(profileMessages.avatarNotImage);
    expect(api.calls(uploadTeamAvatar)).toHaveLength(0);

    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Team avatar image'), file);
    await waitFor(() => expect(api.calls(uploadTeamAvatar, { workspaceId: TEAM_ID })).toHaveLength(1));
    expect((api.calls(uploadTeamAvatar)[0]!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  describe('the link to API & webhooks', () => {
    const shipped = entitlementFeatures.apiAccess.available;
    afterEach(() => {
      entitlementFeatures.apiAccess.available = shipped;
    });

    it('is offered to the owner of a team on Scale once the API ships, and not before', async () => {
      entitlementFeatures.apiAccess.available = false;
      server(() => teamDetailFixture({ plan: 'scale' }));
      const view = renderRoutes(routes, paths.team(TEAM_ID));
      await screen.findByRole('form', { name: 'Team name' });
      expect(screen.queryByTestId('team-api-access')).toBeNull();
      view.unmount();

      entitlementFeatures.apiAccess.available = true;
      server(() => teamDetailFixture({ plan: 'scale' }));
      renderRoutes(routes, paths.team(TEAM_ID));
      const card = await screen.findByTestId('team-api-access');
      expect(within(card).getByRole('link', { name: 'Manage API keys and webhooks' }).getAttribute('href')).toBe(paths.developers);
      expect(await seriousViolations()).toEqual([]);
    });

    it('is not offered to a member, nor on a plan without API access', async () => {
      entitlementFeatures.apiAccess.available = true;
      server(() => teamDetailFixture({ plan: 'scale', role: 'member' }));
      const view = renderRoutes(routes, paths.team(TEAM_ID));
      await screen.findByRole('heading', { name: 'Members' });
      expect(screen.queryByTestId('team-api-access')).toBeNull();
      view.unmount();

      server(() => teamDetailFixture({ plan: 'pro' }));
      renderRoutes(routes, paths.team(TEAM_ID));
      await screen.findByRole('form', { name: 'Team name' });
      expect(screen.queryByTestId('team-api-access')).toBeNull();
    });
  });
});

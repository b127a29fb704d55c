import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanId } from '#contracts/plans.ts';
import type { WorkspaceRole } from '#contracts/workspace-kinds.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import { apiError, fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { paths } from '../../lib/paths.ts';
import { seriousViolations } from '../../lib/testing/serious-violations.ts';
import { listFixture, PERSONAL_ID, teamDetailFixture, TEAM_ID, workspaceFixture } from '../../lib/workspaces/testing/fixtures.ts';
import TeamSettingsPage from './team-settings-page.tsx';
import { getMe, getWorkspace, listWorkspaces, moveSubscription, selectWorkspace } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route path={paths.teamPattern} element={<TeamSettingsPage />} />
  </Routes>
);

/**
 * A server that remembers the current workspace and which workspace holds the plan; the move takes
 * the current workspace's plan, as the real one does. `refuse` answers the move with an error.
 */
function billingServer(options: { personalPlan: PlanId | null; teamPlan?: PlanId | null; role?: WorkspaceRole; refuse?: Response }) {
  const state = { currentId: TEAM_ID, personalPlan: options.personalPlan, teamPlan: options.teamPlan ?? null };
  const log: string[] = [];
  const role = options.role ?? 'owner';
  const personal = () => workspaceFixture({ plan: state.personalPlan });
  const team = () => teamDetailFixture({ plan: state.teamPlan, role });
  const api = fakeApi(
    on(getMe, () => json(200, meFixture())),
    on(getWorkspace, () => json(200, team())),
    on(listWorkspaces, () => json(200, listFixture(state.currentId, personal(), team()))),
    on(selectWorkspace, (req) => {
      state.currentId = (req.body as { workspaceId: string }).workspaceId;
      log.push(`select ${state.currentId === PERSONAL_ID ? 'personal' : 'team'}`);
      return json(200, state.currentId === PERSONAL_ID ? personal() : team());
    }),
    on(moveSubscription, (req) => {
      const body = req.body as { fromWorkspaceId?: string };
      log.push(`move from ${body.fromWorkspaceId === PERSONAL_ID ? 'personal' : 'team'}`);
      if (options.refuse) return options.refuse;
      expect(req.body).toEqual({ workspaceId: TEAM_ID, fromWorkspaceId: PERSONAL_ID });
      state.teamPlan = state.personalPlan;
      state.personalPlan = null;
      return json(200, { mode: 'sandbox', subscription: null });
    }),
  );
  return { api, state, log };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Team settings: moving the owner’s personal plan to the team', () => {
  it('offers the personal Growth plan to a team without one and, once confirmed, moves it: Growth, 3 seats, inviting unlocked', async () => {
    const { state, log } = billingServer({ personalPlan: 'growth' });
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    const offer = await screen.findByTestId('move-plan');
    expect(screen.getByTestId('invite-locked')).not.toBeNull();
    expect(await seriousViolations()).toEqual([]);

    await user.click(within(offer).getByRole('button', { name: 'Move my Growth plan to this team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move your Growth plan to Candle Co.?' });
    expect(await seriousViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Move plan' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The move names the personal workspace it takes the plan from: the team stays current throughout.
    expect(log).toEqual(['move from personal']);
    expect(state.currentId).toBe(TEAM_ID);
    await waitFor(() => expect(screen.getByTestId('seats').textContent).toBe('1 of 3 seats used'));
    expect(screen.getByTestId('plan-and-seats').textContent).toContain('Growth');
    expect(screen.queryByTestId('invite-locked')).toBeNull();
    expect(screen.getByRole('form', { name: 'Invite a member' })).not.toBeNull();
    expect(screen.queryByTestId('move-plan')).toBeNull();
  });

  it('shows the server’s refusal in the dialog and leaves the team the current workspace', async () => {
    const { state, log } = billingServer({
      personalPlan: 'growth',
      refuse: apiError(409, 'CONFLICT', workspaceMessages.targetHasSubscription),
    });
    const user = userEvent.setup();
    renderRoutes(routes, paths.team(TEAM_ID));
    await user.click(await screen.findByRole('button', { name: 'Move my Growth plan to this team' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Move plan' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(workspaceMessages.targetHasSubscription);
    expect(log).toEqual(['move from personal']);
    expect(state.currentId).toBe(TEAM_ID);
    expect(screen.getByTestId('invite-locked')).not.toBeNull();
  });

  it.each([
    { case: 'the personal workspace has no plan', personalPlan: null, teamPlan: null, role: 'owner' as const },
    { case: 'the team has a plan already', personalPlan: 'growth' as const, teamPlan: 'starter' as const, role: 'owner' as const },
    { case: 'the viewer is an admin, not the owner', personalPlan: 'growth' as const, teamPlan: null, role: 'admin' as const },
  ])('offers no move when $case', async ({ personalPlan, teamPlan, role }) => {
    const { api } = billingServer({ personalPlan, teamPlan, role });
    renderRoutes(routes, paths.team(TEAM_ID));
    await screen.findByTestId('plan-and-seats');
    await waitFor(() => expect(api.calls(listWorkspaces).length).toBeGreaterThan(0));
    expect(screen.queryByTestId('move-plan')).toBeNull();
    expect(screen.queryByRole('button', { name: /Move my/ })).toBeNull();
  });
});

import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreditHistoryPage } from '#contracts/credits-api.ts';
import { workspaceMessages, type WorkspaceList } from '#contracts/workspaces.ts';
import { apiError, fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { callApi } from '../../lib/api-client.ts';
import { contractKey } from '../../lib/contract-query.ts';
import { seriousViolations } from '../../lib/testing/serious-violations.ts';
import { listFixture, OTHER_TEAM_ID, PERSONAL_ID, TEAM_ID, teamFixture, workspaceFixture } from '../../lib/workspaces/testing/fixtures.ts';
import { AppShell } from './app-shell.tsx';
import { createTeam, getCreditHistory, getMe, getSettings, listWorkspaces, selectWorkspace } from '#contracts/routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A workspace-scoped page: it shows the balance of whichever workspace the server says is current. */
function HistoryProbe() {
  const history = useQuery({ queryKey: contractKey(getCreditHistory), queryFn: () => callApi(getCreditHistory, { query: {} }) });
  return <p data-testid="history">{history.data ? `balance ${history.data.balance}` : 'loading history'}</p>;
}

const NEW_TEAM_ID = '44444444-4444-4444-8444-444444444444';
const balances: Record<string, number> = { [PERSONAL_ID]: 10, [TEAM_ID]: 500, [OTHER_TEAM_ID]: 0 };

function renderSwitcher(start = PERSONAL_ID) {
  const state = {
    current: start,
    workspaces: [
      workspaceFixture(),
      teamFixture({ role: 'admin', plan: 'growth' }),
      teamFixture({ id: OTHER_TEAM_ID, name: 'Side Project', role: 'member' }),
    ],
    list: (): WorkspaceList => listFixture(state.current, ...state.workspaces),
  };
  const api = fakeApi(
    on(getMe, () => json(200, meFixture({ credits: balances[state.current] }))),
    on(getSettings, () => json(200, { registrationMode: 'open', welcomeCredits: 10, billingMode: 'sandbox' })),
    on(listWorkspaces, () => json(200, state.list())),
    on(selectWorkspace, (req) => {
      const { workspaceId } = req.body as { workspaceId: string };
      const chosen = state.list().workspaces.find((w) => w.id === workspaceId);
      if (!chosen) return apiError(404, 'NOT_FOUND', workspaceMessages.notFound);
      state.current = workspaceId;
      return json(200, chosen);
    }),
    on(createTeam, (req) => {
      const created = teamFixture({ id: NEW_TEAM_ID, name: (req.body as { name: string }).name, role: 'owner' });
      state.workspaces.push(created);
      state.current = created.id;
      return json(201, created);
    }),
    on(getCreditHistory, () =>
      json(200, { balance: balances[state.current] ?? 0, nextCursor: null, entries: [] } satisfies CreditHistoryPage),
    ),
  );
  const view = renderRoutes(
    <Routes>
      <Route element={<AppShell />}>
        <Route
          path="*"
          element={
            <>
              <HistoryProbe />
              <LocationProbe />
            </>
          }
        />
      </Route>
    </Routes>,
    '/dashboard',
  );
  return { api, state, ...view };
}

describe('Workspace switcher', () => {
  it('shows the current workspace and opens a keyboard menu of all of them with roles and a check on the current one', async () => {
    renderSwitcher();
    const trigger = await screen.findByRole('button', { name: 'Workspace: Personal' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    const user = userEvent.setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['PersonalOwner', 'Candle Co.Admin', 'Side ProjectMember']);
    expect(items.map((i) => i.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false']);
    // The personal workspace has no team settings; Create team is always there.
    expect(within(menu).queryByRole('menuitem', { name: 'Team settings' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Create team' })).not.toBeNull();
    expect(await seriousViolations()).toEqual([]);

    // Arrow keys move through the menu; Escape closes it and gives focus back to the button.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Candle Co.Admin'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Side ProjectMember'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('switches with the keyboard, then every workspace-scoped screen and the credit badge show the new workspace', async () => {
    const { api } = renderSwitcher();
    await waitFor(() => expect(screen.getByTestId('history').textContent).toBe('balance 10'));
    expect((await screen.findByTestId('credit-badge')).textContent).toContain('10');

    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Workspace: Personal' })).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Candle Co.Admin'));
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: 'Workspace: Candle Co.' })).not.toBeNull();
    expect(api.calls(selectWorkspace).map((r) => r.body)).toEqual([{ workspaceId: TEAM_ID }]);
    // The cached history of the personal workspace was dropped and the team's loaded; the badge followed.
    await waitFor(() => expect(screen.getByTestId('history').textContent).toBe('balance 500'));
    await waitFor(() => expect(screen.getByTestId('credit-badge').textContent).toContain('500'));
    expect(api.calls(getCreditHistory).length).toBe(2);

    // A team has its settings in the menu.
    screen.getByRole('button', { name: 'Workspace: Candle Co.' }).focus();
    await user.keyboard('{Enter}');
    const settings = await screen.findByRole('menuitem', { name: 'Team settings' });
    expect(settings.getAttribute('href')).toBe(`/teams/${TEAM_ID}`);
    const checked = within(screen.getByRole('menu'))
      .getAllByRole('menuitemradio')
      .filter((i) => i.getAttribute('aria-checked') === 'true');
    expect(checked.map((i) => i.textContent)).toEqual(['Candle Co.Admin']);
  });

  it('gives focus back to the switcher when the Create team dialog is dismissed (its menu item is gone by then)', async () => {
    renderSwitcher();
    const user = userEvent.setup();
    const switcher = await screen.findByRole('button', { name: 'Workspace: Personal' });
    switcher.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Create team'));
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Create team' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(switcher));
  });

  it('creates a team from the menu: the contract’s message for an empty name, then the new team’s settings', async () => {
    const { api } = renderSwitcher();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Workspace: Personal' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create team' });
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText(workspaceMessages.nameRequired)).not.toBeNull();

    await user.type(within(dialog).getByLabelText('Team name'), 'Wax Lab');
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/teams/${NEW_TEAM_ID}`));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(createTeam).map((r) => r.body)).toEqual([{ name: 'Wax Lab' }]);
    // The server made the new team current: the switcher shows it.
    expect(await screen.findByRole('button', { name: 'Workspace: Wax Lab' })).not.toBeNull();
  });
});

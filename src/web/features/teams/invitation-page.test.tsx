import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspaceMessages, type InvitationPreview } from '#contracts/workspaces.ts';
import { apiError, fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { paths } from '../../lib/paths.ts';
import { workspacesQueryOptions } from '../../lib/workspaces/workspaces.ts';
import { listFixture, teamFixture, workspaceFixture, TEAM_ID } from '../../lib/workspaces/testing/fixtures.ts';
import { seriousViolations } from '../../lib/testing/serious-violations.ts';
import InvitationPage from './invitation-page.tsx';
import { acceptInvitation, getMe, getSettings, listWorkspaces, previewInvitation } from '#contracts/routes.ts';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';

const routes = (
  <Routes>
    <Route path={paths.invitationPattern} element={<InvitationPage />} />
    <Route path="*" element={<LocationProbe />} />
  </Routes>
);

function preview(over: Partial<InvitationPreview> = {}): InvitationPreview {
  return {
    workspaceName: 'Candle Co.',
    workspaceAvatarUrl: null,
    invitedBy: 'Olga',
    email: 'maya@candles.test',
    role: 'admin',
    status: 'open',
    hasAccount: true,
    ...over,
  };
}

function server(signedIn: boolean, invitation: InvitationPreview, ...extra: FakeRoute[]) {
  return fakeApi(
    on(getMe, () => (signedIn ? json(200, meFixture()) : apiError(401, 'UNAUTHENTICATED', 'Please sign in'))),
    on(getSettings, () => json(200, { registrationMode: 'open', welcomeCredits: 10, billingMode: 'sandbox' })),
    on(previewInvitation, () => json(200, invitation)),
    on(listWorkspaces, () => json(200, listFixture(workspaceFixture().id, workspaceFixture()))),
    ...extra,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Invitation page', () => {
  it('shows the team, who invited and the role; the invited account accepts, works in the team and lands on the dashboard', async () => {
    const team = teamFixture({ role: 'admin', plan: 'growth' });
    let joined = false;
    const api = server(
      true,
      preview(),
      on(acceptInvitation, () => {
        joined = true;
        return json(200, team);
      }),
      on(listWorkspaces, () =>
        json(200, joined ? listFixture(TEAM_ID, workspaceFixture(), team) : listFixture(workspaceFixture().id, workspaceFixture())),
      ),
    );
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, paths.invitation(TOKEN));
    expect(await screen.findByRole('heading', { name: 'Join Candle Co. on Klipt' })).not.toBeNull();
    expect(screen.getByText('Olga invited you as Admin.')).not.toBeNull();
    await screen.findByRole('button', { name: 'Accept invitation' });
    // The signed-in header loads on its own (public-shell.tsx) and brings the workspaces list.
    await waitFor(() => expect(queryClient.getQueryData(workspacesQueryOptions.queryKey)?.currentId).toBe(workspaceFixture().id));
    expect(await seriousViolations()).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.dashboard));
    expect(api.calls(acceptInvitation, { token: TOKEN })).toHaveLength(1);
    expect(api.calls(previewInvitation, { token: TOKEN })).toHaveLength(1);
    // The team is the current workspace now.
    expect(queryClient.getQueryData(workspacesQueryOptions.queryKey)?.currentId).toBe(TEAM_ID);
  });

  it('shows the server’s refusal when accepting fails', async () => {
    server(
      true,
      preview(),
      on(acceptInvitation, () => apiError(403, 'FORBIDDEN', workspaceMessages.invitationWrongEmail('maya@candles.test'))),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.invitation(TOKEN));
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('alert')).textContent).toContain(workspaceMessages.invitationWrongEmail('maya@candles.test'));
    expect(screen.getByTestId('invitation-card')).not.toBeNull();
  });

  it('sends a signed-out visitor with an account to sign in, and one without to create an account, both coming back here', async () => {
    server(false, preview({ hasAccount: true }));
    const { unmount } = renderRoutes(routes, paths.invitation(TOKEN));
    const signIn = await screen.findByRole('link', { name: 'Sign in to accept' });
    expect(signIn.getAttribute('href')).toBe(`/auth/login?next=${encodeURIComponent(`/invitations/${TOKEN}`)}`);
    expect(screen.queryByRole('link', { name: 'Create an account to accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(await seriousViolations()).toEqual([]);
    unmount();

    server(false, preview({ hasAccount: false, email: 'new@candles.test' }));
    renderRoutes(routes, paths.invitation(TOKEN));
    const signUp = await screen.findByRole('link', { name: 'Create an account to accept' });
    const url = new URL(signUp.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe(paths.login);
    expect(url.searchParams.get('next')).toBe(`/invitations/${TOKEN}`);
    expect(url.searchParams.get('invite')).toBe('1');
    expect(url.searchParams.get('email')).toBe('new@candles.test');
  });

  it('tells someone signed in with another account which address the invitation is for', async () => {
    const api = server(true, preview({ email: 'jonas@candles.test' }));
    renderRoutes(routes, paths.invitation(TOKEN));
    expect(await screen.findByText(workspaceMessages.invitationWrongEmail('jonas@candles.test'))).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out and use another account' })).not.toBeNull();
    expect(api.calls(acceptInvitation)).toHaveLength(0);
  });

  it.each([
    ['expired', workspaceMessages.invitationExpired],
    ['accepted', workspaceMessages.invitationUsed],
    ['revoked', workspaceMessages.invitationRevoked],
  ] as const)('says why a %s invitation cannot be accepted', async (status, message) => {
    server(true, preview({ status }));
    renderRoutes(routes, paths.invitation(TOKEN));
    expect(await screen.findByText(message)).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('shows the server’s message for a link that is not valid', async () => {
    fakeApi(
      on(getMe, () => apiError(401, 'UNAUTHENTICATED', 'Please sign in')),
      on(previewInvitation, () => apiError(404, 'NOT_FOUND', workspaceMessages.invitationNotFound)),
    );
    renderRoutes(routes, paths.invitation(TOKEN));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(workspaceMessages.invitationNotFound);
    expect(alert.textContent).toContain('Ask whoever invited you to send a new invitation.');
    // Not a dead end: signed out, the way on is Klipt's home.
    expect(screen.getByRole('link', { name: 'Go to Klipt' }).getAttribute('href')).toBe(paths.home);
  });
});

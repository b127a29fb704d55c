import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me, Profile } from '#contracts/profile.ts';
import { paths } from '../../lib/paths.ts';
import { meQueryKey } from '../../lib/session/me.ts';
// The fake server and render helpers are shared test tooling (see the auth feature's testing folder).
import { fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import OnboardingPage from './onboarding-page.tsx';
import { completeProfile, getMe } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route path={paths.onboarding} element={<OnboardingPage />} />
    <Route path="*" element={<LocationProbe />} />
  </Routes>
);

afterEach(() => vi.unstubAllGlobals());

describe('Complete profile', () => {
  it('welcomes with the free credits, prefills the name, saves it trimmed and goes to the dashboard', async () => {
    const me = meFixture({ displayName: 'maya', credits: 10 });
    const api = fakeApi(
      on(getMe, () => json(200, me)),
      on(completeProfile, (req) => json(200, { ...me.profile, ...(req.body as Partial<Profile>) })),
    );
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, paths.onboarding);

    expect(await screen.findByRole('heading', { name: 'Welcome to Klipt — you have 10 free credits to start' })).toBeTruthy();
    expect(document.title).toBe('Welcome — Klipt');
    const name = screen.getByLabelText<HTMLInputElement>(/^Display name/);
    expect(name.value).toBe('maya');
    await user.clear(name);
    await user.type(name, '  Maya Candles ');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(api.calls(completeProfile)[0]?.body).toEqual({ displayName: 'Maya Candles' });
    expect(queryClient.getQueryData<Me>(meQueryKey)?.profile.displayName).toBe('Maya Candles');
  });

  it('keeps the button disabled while the name is blank', async () => {
    fakeApi(on(getMe, () => json(200, meFixture({ displayName: 'maya' }))));
    const user = userEvent.setup();
    renderRoutes(routes, paths.onboarding);
    const name = await screen.findByLabelText(/^Display name/);
    await user.clear(name);
    await user.type(name, '  ');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save and continue' }).disabled).toBe(true);
  });

  it('goes back where sign-up started (an invitation) instead of the dashboard, once', async () => {
    const me = meFixture({ displayName: 'maya' });
    fakeApi(
      on(getMe, () => json(200, me)),
      on(completeProfile, (req) => json(200, { ...me.profile, ...(req.body as Partial<Profile>) })),
    );
    localStorage.setItem('klipt.returnTo', '/invitations/tok_abcdefghijklmnopqrstuv');
    const user = userEvent.setup();
    renderRoutes(routes, paths.onboarding);
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/invitations/tok_abcdefghijklmnopqrstuv');
    expect(localStorage.getItem('klipt.returnTo')).toBeNull();
  });
});

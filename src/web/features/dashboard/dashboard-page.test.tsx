import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMe } from '../../../contracts/profile.ts';
import { fakeApi, json, meFixture, on } from '../../../../tests/support/web/fake-api.ts';
import { renderRoutes } from '../../../../tests/support/web/render.tsx';
import { paths } from '../../lib/paths.ts';
import DashboardPage from './dashboard-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Dashboard', () => {
  it('greets the user with their credits and links the quick actions of the spec', async () => {
    fakeApi(on(getMe, () => json(200, meFixture({ credits: 7 }))));
    renderRoutes(
      <Routes>
        <Route path={paths.dashboard} element={<DashboardPage />} />
      </Routes>,
      paths.dashboard,
    );
    expect(await screen.findByText(/You have 7 credits\./)).toBeTruthy();
    const actions = within(screen.getByRole('navigation', { name: 'Quick actions' }));
    expect(actions.getByRole('link', { name: /Create image/ }).getAttribute('href')).toBe('/create/image');
    expect(actions.getByRole('link', { name: /Create video/ }).getAttribute('href')).toBe('/create/video');
    expect(actions.getByRole('link', { name: /Klip Models/ }).getAttribute('href')).toBe('/models');
  });
});

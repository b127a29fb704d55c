import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths.ts';
import CreateSuperAdminPage from './create-super-admin-page.tsx';
import { apiError, fakeApi, json, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { createSuperAdmin } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route path={paths.createSuperAdmin} element={<CreateSuperAdminPage />} />
  </Routes>
);

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Create super admin' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('Create super admin', () => {
  it('starts empty, requires both fields and links back to God Mode', async () => {
    const api = fakeApi();
    renderRoutes(routes, paths.createSuperAdmin);
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>(/^Password/).value).toBe('');
    expect(screen.getByRole('link', { name: /Back to God Mode/ }).getAttribute('href')).toBe('/super-admin');
    await submit('', '');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(api.calls(createSuperAdmin)).toHaveLength(0);
  });

  it('says who was created, and empties the form', async () => {
    const api = fakeApi(on(createSuperAdmin, () => json(201, { userId: 'u9', email: 'ops@klipt.test', created: true })));
    renderRoutes(routes, paths.createSuperAdmin);
    await submit('Ops@Klipt.test', 'a strong password');
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Super admin created')).toBeTruthy();
    expect(within(status).getByText('ops@klipt.test can now sign in as a super admin.')).toBeTruthy();
    expect(api.calls(createSuperAdmin)[0]?.body).toEqual({ email: 'ops@klipt.test', password: 'a strong password' });
    expect(screen.getByLabelText<HTMLInputElement>(/^Password/).value).toBe('');
  });

  it('says when an existing account was promoted instead', async () => {
    fakeApi(on(createSuperAdmin, () => json(201, { userId: 'u2', email: 'maya@candles.test', created: false })));
    renderRoutes(routes, paths.createSuperAdmin);
    await submit('maya@candles.test', 'whatever123');
    expect(await screen.findByText('Existing account promoted')).toBeTruthy();
  });

  it("shows the server's message, 'User creation failed' without one, and 'Failed to create super admin' when the server is unreachable", async () => {
    const answers = [
      () => apiError(403, 'FORBIDDEN', 'Only super admins can do this.'),
      () => new Response('oops', { status: 500 }),
      (): Response => {
        throw new TypeError('Failed to fetch');
      },
    ];
    fakeApi(on(createSuperAdmin, () => answers.shift()!()));
    renderRoutes(routes, paths.createSuperAdmin);
    await submit('ops@klipt.test', 'a strong password');
    expect((await screen.findByRole('alert')).textContent).toBe('Only super admins can do this.');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Create super admin' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('User creation failed'));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Create super admin' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to create super admin'));
  });
});

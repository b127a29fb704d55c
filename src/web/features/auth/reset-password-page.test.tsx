import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '#contracts/auth.ts';
import { paths } from '../../lib/paths.ts';
import { RESET_REDIRECT_MS } from './components/reset-password-form.tsx';
import ResetPasswordPage from './reset-password-page.tsx';
import { apiError, fakeApi, json, on } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { resetPassword } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
    <Route path="*" element={<LocationProbe />} />
  </Routes>
);

async function fillAndSubmit(password: string, confirm: string, user = userEvent.setup()) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Reset password', () => {
  it('without a token explains the link is invalid and links to sign in', async () => {
    fakeApi();
    renderRoutes(routes, paths.resetPassword);
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.queryByRole('button', { name: 'Update Password' })).toBeNull();
    expect(document.title).toBe('Reset password — Klipt');
  });

  it('treats ?error=INVALID_TOKEN from the server the same way', async () => {
    fakeApi();
    renderRoutes(routes, `${paths.resetPassword}?error=INVALID_TOKEN`);
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.resetLinkInvalid);
  });

  it('checks both password rules before sending', async () => {
    const api = fakeApi();
    renderRoutes(routes, `${paths.resetPassword}?token=tok123`);
    await fillAndSubmit('short', 'shorter');
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.calls(resetPassword)).toHaveLength(0);
  });

  it("shows the server's message in a red box", async () => {
    fakeApi(on(resetPassword, () => apiError(400, 'BAD_REQUEST', authMessages.resetLinkInvalid)));
    renderRoutes(routes, `${paths.resetPassword}?token=used-token`);
    await fillAndSubmit('new password 1', 'new password 1');
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.resetLinkInvalid);
  });

  it("says 'Failed to update password' when the server gives no message", async () => {
    fakeApi(on(resetPassword, () => new Response(null, { status: 500 })));
    renderRoutes(routes, `${paths.resetPassword}?token=tok123`);
    await fillAndSubmit('new password 1', 'new password 1');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update password');
  });

  it('updates the password, says so, and goes to / after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi(on(resetPassword, () => json(200, { ok: true })));
    renderRoutes(routes, `${paths.resetPassword}?token=tok123`);
    await fillAndSubmit('new password 1', 'new password 1', userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));

    expect(await screen.findByText('Password updated successfully! Redirecting to login...')).toBeTruthy();
    expect(api.calls(resetPassword)[0]?.body).toEqual({
      token: 'tok123',
      newPassword: 'new password 1',
      confirmPassword: 'new password 1',
    });
    await act(() => vi.advanceTimersByTimeAsync(RESET_REDIRECT_MS - 300));
    expect(screen.queryByTestId('location')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});

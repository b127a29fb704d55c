import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '#contracts/auth.ts';
import { accessMessages } from '#contracts/contract.ts';
import type { Me } from '#contracts/profile.ts';
import { Guard } from '../../app/guards.tsx';
import { paths } from '../../lib/paths.ts';
import { VERIFY_POLL_MS } from './hooks/use-verification-watch.ts';
import { apiError, fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import VerifyEmailPage from './verify-email-page.tsx';
import { authTexts } from './texts.ts';
import { getMe, getSession, resendVerification, signOut, verifyEmailWithPassword } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route element={<Guard require="user" />}>
      <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
    </Route>
    <Route path="*" element={<LocationProbe />} />
  </Routes>
);

let session: Me | null;

function server(...extra: FakeRoute[]) {
  return fakeApi(
    on(getMe, () => (session ? json(200, session) : apiError(401, 'UNAUTHENTICATED', accessMessages.signInRequired))),
    ...extra,
  );
}

/** The element's text with '|' where a <wbr> lets the line break. */
const breakPoints = (element: HTMLElement) =>
  Array.from(element.childNodes, (node) => (node.nodeName === 'WBR' ? '|' : node.textContent)).join('');
const resendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Resend|Sending)/ });

beforeEach(() => {
  session = meFixture({ emailVerified: false });
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Verify email', () => {
  it("shows the user's email, the next steps and the page title; the sign-up banner belongs to the sign-up form", async () => {
    server();
    renderRoutes(routes, paths.verifyEmail);
    expect(await screen.findByText('maya@candles.test')).toBeTruthy();
    expect(screen.getByText('Check your inbox')).toBeTruthy();
    expect(screen.getByText('Click the link')).toBeTruthy();
    expect(screen.getByText('Come back here')).toBeTruthy();
    expect(document.title).toBe('Verify your email — Klipt');
    expect(screen.queryByText(authTexts.signUpSuccess)).toBeNull();
  });

  it('keeps the address whole: it may wrap only before "@" or ".", never inside a word', async () => {
    server();
    renderRoutes(routes, paths.verifyEmail);
    const address = await screen.findByText('maya@candles.test');
    expect(breakPoints(address)).toBe('maya|@candles|.test');
    // Moves to the next line as one piece when it fits there; a word is split only if it cannot fit on a line at all.
    expect(address.closest('.inline-block.max-w-full.break-words')).not.toBeNull();
    expect(address.closest('.break-all')).toBeNull();
  });

  it("resends: 'Sending...', the success notice, then 'Resend in 60s' counting down to the idle button", async () => {
    let answer!: () => void;
    const api = server(
      on(
        resendVerification,
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(json(200, { ok: true, retryAfterSeconds: 60 }));
          }),
      ),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(routes, paths.verifyEmail);
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(resendButton().textContent).toBe('Sending...'));
    await act(async () => answer());

    expect(await screen.findByText('Verification email sent! Please check your inbox.')).toBeTruthy();
    expect(resendButton().textContent).toBe('Resend in 60s');
    expect(resendButton().disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(resendButton().textContent).toBe('Resend in 59s');
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(resendButton().textContent).toBe('Resend verification email');
    expect(resendButton().disabled).toBe(false);
    expect(api.calls(resendVerification)).toHaveLength(1);
  });

  it("on a 429 waits as long as the server says and shows the server's message", async () => {
    server(on(resendVerification, () => apiError(429, 'RATE_LIMITED', authMessages.resendCooldown(42), { 'retry-after': '42' })));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(routes, paths.verifyEmail);
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Please wait 42 seconds before requesting another email.')).toBeTruthy();
    expect(resendButton().textContent).toBe('Resend in 42s');
  });

  it('checks /api/me every 3 seconds and moves to /onboarding once the email is confirmed (e.g. in another tab)', async () => {
    const api = server();
    renderRoutes(routes, paths.verifyEmail);
    await screen.findByText('maya@candles.test');
    const before = api.calls(getSession).length;

    await act(() => vi.advanceTimersByTimeAsync(VERIFY_POLL_MS));
    expect(api.calls(getSession).length).toBeGreaterThan(before);
    expect(screen.queryByTestId('location')).toBeNull();

    session = meFixture({ emailVerified: true });
    await act(() => vi.advanceTimersByTimeAsync(VERIFY_POLL_MS));
    expect((await screen.findByTestId('location')).textContent).toBe('/onboarding');
  });

  it('sends a user who is already verified straight on to /onboarding', async () => {
    session = meFixture({ emailVerified: true });
    server();
    renderRoutes(routes, paths.verifyEmail);
    expect((await screen.findByTestId('location')).textContent).toBe('/onboarding');
  });

  it('explains a failed verification link (?error=…)', async () => {
    server();
    renderRoutes(routes, `${paths.verifyEmail}?error=invalid_token`);
    expect(await screen.findByText('That link did not work')).toBeTruthy();
  });

  it('signs out to use another email and goes to the landing page', async () => {
    const api = server(
      on(signOut, () => {
        session = null;
        return json(200, { ok: true });
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(routes, paths.verifyEmail);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(api.calls(signOut)).toHaveLength(1);
  });
});

async function choosePassword(password: string, confirm: string) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: authTexts.choosePasswordAction }));
}

// The emailed link opened away from the browser that signed up (ADR 0019): the server sends it here
// with its token, and the address's owner chooses the password, signed in or not.
describe('Verify email: choosing the password', () => {
  const linkRoutes = (
    <Routes>
      <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );
  const link = `${paths.verifyEmail}?token=tok123&email=sam.seller%40example.com`;

  it('asks a visitor for a new password, showing the address it confirms', async () => {
    session = null;
    const api = server();
    renderRoutes(linkRoutes, link);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(authTexts.choosePasswordHeading);
    expect(screen.getByText(authTexts.choosePasswordIntro)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('sam.seller@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Email').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('New password').autocomplete).toBe('new-password');
    expect(document.title).toBe('Choose your password — Klipt');
    // No waiting, no polling: the visitor has no session to poll.
    expect(screen.queryByText('Waiting for you to confirm your email…')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(VERIFY_POLL_MS * 2));
    expect(api.calls(getSession)).toHaveLength(0);
  });

  it('checks the password rules before sending', async () => {
    const api = server();
    renderRoutes(linkRoutes, link);
    await choosePassword('short', 'shorter');
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.calls(verifyEmailWithPassword)).toHaveLength(0);
  });

  it('sends the token and the password, then opens onboarding signed in', async () => {
    session = null;
    const api = server(
      on(verifyEmailWithPassword, () => {
        session = meFixture({ emailVerified: true });
        return json(200, { user: { id: 'u1', email: 'sam.seller@example.com', emailVerified: true, createdAt: new Date().toISOString() } });
      }),
    );
    renderRoutes(linkRoutes, link);
    await choosePassword('a sound new password', 'a sound new password');
    expect((await screen.findByTestId('location')).textContent).toBe('/onboarding');
    expect(api.calls(verifyEmailWithPassword)[0]?.body).toEqual({
      token: 'tok123',
      newPassword: 'a sound new password',
      confirmPassword: 'a sound new password',
    });
  });

  it("shows the server's refusal in a red box and keeps the form", async () => {
    server(on(verifyEmailWithPassword, () => apiError(400, 'BAD_REQUEST', authMessages.verifyLinkInvalid)));
    renderRoutes(linkRoutes, link);
    await choosePassword('a sound new password', 'a sound new password');
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.verifyLinkInvalid);
    expect(screen.getByRole('button', { name: authTexts.choosePasswordAction })).toBeTruthy();
  });

  it("falls back to 'Failed to confirm your email' when the server gives no message", async () => {
    server(on(verifyEmailWithPassword, () => new Response(null, { status: 500 })));
    renderRoutes(linkRoutes, link);
    await choosePassword('a sound new password', 'a sound new password');
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.verifyWithPasswordFailed);
  });
});

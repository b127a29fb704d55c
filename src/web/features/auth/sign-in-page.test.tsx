import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '#contracts/auth.ts';
import { accessMessages } from '#contracts/contract.ts';
import type { Me } from '#contracts/profile.ts';
import { Guard, GuestOnly } from '../../app/guards.tsx';
import { paths } from '../../lib/paths.ts';
import { RESET_EMAIL_NOTICE_MS } from './hooks/use-forgot-password.ts';
import SignInPage from './sign-in-page.tsx';
import { apiError, fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import VerifyEmailPage from './verify-email-page.tsx';
import { authTexts } from './texts.ts';
import {
  getMe,
  getSession,
  getSettings,
  requestPasswordReset,
  requestSignInLink,
  resendVerificationByEmail,
  signIn,
  signInWithLink,
  signUp,
} from '#contracts/routes.ts';

// The pages under the guards they have in the app, so navigations go through the real session checks.
const routes = (
  <Routes>
    <Route element={<GuestOnly />}>
      <Route path={paths.login} element={<SignInPage />} />
    </Route>
    <Route element={<Guard require="user" />}>
      <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
    </Route>
    <Route element={<Guard require="verified" />}>
      <Route path={paths.dashboard} element={<LocationProbe />} />
    </Route>
    <Route path="*" element={<LocationProbe />} />
  </Routes>
);

let session: Me | null;
let registrationMode: 'open' | 'waitlist';

function server(...extra: FakeRoute[]) {
  return fakeApi(
    on(getMe, () => (session ? json(200, session) : apiError(401, 'UNAUTHENTICATED', accessMessages.signInRequired))),
    on(getSettings, () => json(200, { registrationMode, welcomeCredits: 10, billingMode: 'sandbox' })),
    ...extra,
  );
}

const signInBox = () => screen.queryByText('Unable to sign in');
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Sign in|Signing in\.\.\.)$/ });

beforeEach(() => {
  session = null;
  registrationMode = 'open';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Sign in', () => {
  it('sets the page title and keeps Sign in disabled until email and password are both filled', async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await screen.findByRole('heading', { name: 'Welcome to Klipt' });
    expect(document.title).toBe('Sign in — Klipt');

    expect(submitButton().disabled).toBe(true);
    await user.type(screen.getByLabelText('Email'), 'maya@candles.test');
    expect(submitButton().disabled).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(submitButton().disabled).toBe(false);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), '   ');
    expect(submitButton().disabled).toBe(true);
  });

  it('shows the "Unable to sign in" box with the exact text on a 401', async () => {
    const api = server(on(signIn, () => apiError(401, 'UNAUTHENTICATED', authMessages.invalidCredentials)));
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.type(await screen.findByLabelText('Email'), ' Maya@Candles.test ');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Unable to sign in')).toBeTruthy();
    expect(within(alert).getByText('Invalid login credentials. Please check your email and password.')).toBeTruthy();
    expect(api.calls(signIn)[0]?.body).toEqual({ email: 'maya@candles.test', password: 'wrong password' });
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('shows the server message for other failures, e.g. a rate limit', async () => {
    server(on(signIn, () => apiError(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 15 minutes.')));
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.type(await screen.findByLabelText('Email'), 'maya@candles.test');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Too many attempts. Please try again in 15 minutes.')).toBeTruthy();
  });

  it('labels the button "Signing in..." while waiting, then a verified user lands on the dashboard with a fresh session', async () => {
    let answer!: () => void;
    const api = server(
      on(
        signIn,
        () =>
          new Promise<Response>((resolve) => {
            answer = () => {
              session = meFixture({ emailVerified: true });
              resolve(json(200, { user: session.user }));
            };
          }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.type(await screen.findByLabelText('Email'), 'maya@candles.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().textContent).toBe('Signing in...'));
    expect(submitButton().disabled).toBe(true);
    act(() => answer());

    // The dashboard route sits behind the verified-user guard: reaching it proves /api/me was read again.
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(api.calls(getSession).length).toBeGreaterThanOrEqual(2);
  });

  it('sends a user whose email is not confirmed to /auth/verify-email', async () => {
    server(
      on(signIn, () => {
        session = meFixture({ emailVerified: false });
        return json(200, { user: session.user });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.type(await screen.findByLabelText('Email'), 'maya@candles.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    // No sign-up banner: that belongs to a new account only.
    expect(screen.queryByText(authTexts.signUpSuccess)).toBeNull();
  });
});

describe('Forgot password', () => {
  it('asks for the email first when none is entered, and sends nothing', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect((await screen.findByRole('status')).textContent).toBe(authTexts.enterEmailFirst);
    expect(api.calls(requestPasswordReset)).toHaveLength(0);
  });

  it('emails a reset link and shows the sent banner for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = server(on(requestPasswordReset, () => json(200, { ok: true })));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(routes, paths.login);
    await user.type(await screen.findByLabelText('Email'), 'Maya@Candles.test');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(await screen.findByText('Password reset email sent! Please check your inbox.')).toBeTruthy();
    expect(api.calls(requestPasswordReset)[0]?.body).toEqual({ email: 'maya@candles.test' });

    await act(() => vi.advanceTimersByTimeAsync(RESET_EMAIL_NOTICE_MS - 500));
    expect(screen.queryByText(authTexts.resetEmailSent)).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.queryByText(authTexts.resetEmailSent)).toBeNull();
  });
});

describe('a notice of an earlier action clears when a new one starts', () => {
  it("'Please enter your email address first.' goes when a sign-in starts; the failed sign-in shows alone", async () => {
    let answer!: () => void;
    server(
      on(
        signIn,
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(apiError(401, 'UNAUTHENTICATED', authMessages.invalidCredentials));
          }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText(authTexts.enterEmailFirst)).toBeTruthy();

    await user.type(screen.getByLabelText('Email'), 'maya@candles.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().textContent).toBe('Signing in...'));
    expect(screen.queryByText(authTexts.enterEmailFirst)).toBeNull();
    act(() => answer());
    expect(await screen.findByText('Unable to sign in')).toBeTruthy();
    expect(screen.queryByText(authTexts.enterEmailFirst)).toBeNull();
  });

  it("'Forgot password?' clears the 'Unable to sign in' box, also when it only asks for the email", async () => {
    server(
      on(signIn, () => apiError(401, 'UNAUTHENTICATED', authMessages.invalidCredentials)),
      on(requestPasswordReset, () => json(200, { ok: true })),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.type(await screen.findByLabelText('Email'), 'maya@candles.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(submitButton());
    expect(await screen.findByText('Unable to sign in')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText(authTexts.resetEmailSent)).toBeTruthy();
    expect(signInBox()).toBeNull();

    await user.click(submitButton());
    expect(await screen.findByText('Unable to sign in')).toBeTruthy();
    expect(screen.queryByText(authTexts.resetEmailSent)).toBeNull();
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText(authTexts.enterEmailFirst)).toBeTruthy();
    expect(signInBox()).toBeNull();
  });

  it('a reset answer that arrives after a sign-in started is not shown', async () => {
    let answerReset!: () => void;
    server(
      on(signIn, () => apiError(401, 'UNAUTHENTICATED', authMessages.invalidCredentials)),
      on(
        requestPasswordReset,
        () =>
          new Promise<Response>((resolve) => {
            answerReset = () => resolve(json(200, { ok: true }));
          }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.type(await screen.findByLabelText('Email'), 'maya@candles.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await screen.findByRole('button', { name: 'Sending...' });
    await user.click(submitButton());
    expect(await screen.findByText('Unable to sign in')).toBeTruthy();
    await act(async () => answerReset());
    await screen.findByRole('button', { name: 'Forgot password?' });
    expect(screen.queryByText(authTexts.resetEmailSent)).toBeNull();
    expect(signInBox()).not.toBeNull();
  });

  it('switching tabs clears the notices of the tab left', async () => {
    server(
      on(signIn, () => apiError(401, 'UNAUTHENTICATED', authMessages.invalidCredentials)),
      on(signUp, () => apiError(403, 'FORBIDDEN', authMessages.plusEmail)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'maya@candles.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(submitButton());
    expect(await screen.findByText('Unable to sign in')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    expect(signInBox()).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'maya+ads@shop.test');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(authMessages.plusEmail)).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(screen.queryByText(authMessages.plusEmail)).toBeNull();
    expect(signInBox()).toBeNull();
    expect(screen.queryByText(authTexts.enterEmailFirst)).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    expect(screen.queryByText(authMessages.plusEmail)).toBeNull();
  });

  it('a new sign-up attempt clears the refusal of the last one, even when the form stops it first', async () => {
    server(on(signUp, () => apiError(403, 'FORBIDDEN', authMessages.plusEmail)));
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Email'), 'maya+ads@shop.test');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(authMessages.plusEmail)).toBeTruthy();

    await user.type(screen.getByLabelText('Confirm password'), '!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.queryByText(authMessages.plusEmail)).toBeNull();
  });

  it('a new sign-in attempt the form stops (an invalid email) clears the last failure too', async () => {
    server(on(signIn, () => apiError(401, 'UNAUTHENTICATED', authMessages.invalidCredentials)));
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.type(await screen.findByLabelText('Email'), 'maya@candles.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(submitButton());
    expect(await screen.findByText('Unable to sign in')).toBeTruthy();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(signInBox()).toBeNull();
  });
});

describe('Create account', () => {
  it('is a tab when registration is open', async () => {
    server();
    renderRoutes(routes, paths.login);
    expect(await screen.findByRole('tab', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
  });

  it('is hidden in waitlist mode', async () => {
    registrationMode = 'waitlist';
    server();
    renderRoutes(routes, paths.login);
    expect(await screen.findByText(/for an invitation/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Create account' })).toBeNull();
  });

  it('opens for a waitlist invitation (?invite=1) with the email filled in, even in waitlist mode', async () => {
    registrationMode = 'waitlist';
    server();
    renderRoutes(routes, `${paths.login}?invite=1&email=${encodeURIComponent('invited@shop.test')}`);
    const tab = await screen.findByRole('tab', { name: 'Create account' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('invited@shop.test');
  });

  it('checks matching passwords and the 8-character minimum before sending anything', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Email'), 'new@shop.test');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls(signUp)).toHaveLength(0);
  });

  it("shows the server's message when sign-up is refused", async () => {
    server(on(signUp, () => apiError(403, 'FORBIDDEN', authMessages.plusEmail)));
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Email'), 'maya+ads@shop.test');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.plusEmail);
  });

  it("falls back to 'An error occurred during sign up' when the server says nothing usable", async () => {
    server(on(signUp, () => new Response('<html>Bad gateway</html>', { status: 502 })));
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Email'), 'new@shop.test');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred during sign up');
  });

  it('creates the account and shows "check your email" with a resend by address; sign-up does not sign in', async () => {
    let answerResend!: () => void;
    const api = server(
      on(signUp, () => json(200, { ok: true })),
      on(
        resendVerificationByEmail,
        () =>
          new Promise<Response>((resolve) => {
            answerResend = () => resolve(json(200, { ok: true, retryAfterSeconds: 60 }));
          }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.login);
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Email'), 'maya@candles.test');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(authTexts.signUpSuccess)).toBeTruthy();
    expect(screen.getByText('maya@candles.test')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Create account' })).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
    expect(api.calls(signUp)[0]?.body).toEqual({
      email: 'maya@candles.test',
      password: 'long enough',
      confirmPassword: 'long enough',
    });

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
    await act(async () => answerResend());
    expect(await screen.findByText(authTexts.verificationResent)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Resend in 60s' }).disabled).toBe(true);
    expect(api.calls(resendVerificationByEmail)[0]?.body).toEqual({ email: 'maya@candles.test' });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
  });
});

/** Signs in with a refused answer: a wrong password (401) or a spent limit (429). */
async function refusedSignIn(status: 401 | 429) {
  const api = server(
    on(signIn, () =>
      status === 429
        ? apiError(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 58 minutes.')
        : apiError(401, 'UNAUTHENTICATED', authMessages.invalidCredentials),
    ),
    on(requestSignInLink, () => json(200, { ok: true })),
  );
  const user = userEvent.setup();
  renderRoutes(routes, paths.login);
  await user.type(await screen.findByLabelText('Email'), ' Maya@Candles.test ');
  await user.type(screen.getByLabelText('Password'), 'the right password');
  await user.click(submitButton());
  await screen.findByRole('alert');
  return { api, user };
}

// Strangers who spend an account's budget of failed passwords lock out new devices; the owner gets
// in through an emailed link instead (docs/operations.md#sign-in-and-account-limits).
describe('Email me a sign-in link', () => {
  it('is offered when sign-in is refused by a limit, and emails the link to the typed address', async () => {
    const { api, user } = await refusedSignIn(429);
    await user.click(screen.getByRole('button', { name: authTexts.signInLinkOffer }));
    expect(await screen.findByText(authTexts.signInLinkSent)).toBeTruthy();
    expect(api.calls(requestSignInLink).map((c) => c.body)).toEqual([{ email: 'maya@candles.test' }]);
    // Sent: the offer is not repeated.
    expect(screen.queryByRole('button', { name: authTexts.signInLinkOffer })).toBeNull();
  });

  it('is not offered for a wrong password', async () => {
    await refusedSignIn(401);
    expect(screen.queryByRole('button', { name: authTexts.signInLinkOffer })).toBeNull();
  });
});

describe('Sign in with an emailed link', () => {
  const link = `${paths.login}?signInToken=tok123`;

  it('signs in on this device with the token and opens the dashboard', async () => {
    const api = server(
      on(signInWithLink, () => {
        session = meFixture({ emailVerified: true });
        return json(200, { user: session.user });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, link);
    expect(await screen.findByRole('heading', { name: authTexts.signInLinkHeading })).toBeTruthy();
    expect(screen.getByText(authTexts.signInLinkIntro)).toBeTruthy();
    expect(document.title).toBe('Sign in — Klipt');
    // Nothing happens until the owner clicks: a mail scanner opening the link does not use it up.
    expect(api.calls(signInWithLink)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: authTexts.signInLinkAction }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(api.calls(signInWithLink).map((c) => c.body)).toEqual([{ token: 'tok123' }]);
  });

  it('explains a used or expired link and leads back to the sign-in form', async () => {
    server(on(signInWithLink, () => apiError(400, 'BAD_REQUEST', authMessages.signInLinkInvalid)));
    const user = userEvent.setup();
    renderRoutes(routes, link);
    await user.click(await screen.findByRole('button', { name: authTexts.signInLinkAction }));
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.signInLinkInvalid);
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeTruthy();
  });
});

/** Signs in (verified) on the sign-in page at `url`. */
async function signInAt(url: string) {
  server(
    on(signIn, () => {
      session = meFixture({ emailVerified: true });
      return json(200, { user: session.user });
    }),
  );
  const user = userEvent.setup();
  renderRoutes(routes, url);
  await user.type(await screen.findByLabelText('Email'), 'maya@candles.test');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(submitButton());
}

describe('Sign in with a way back (?next=)', () => {
  it('returns to the page that sent the visitor, e.g. an invitation', async () => {
    await signInAt(`${paths.login}?next=${encodeURIComponent('/invitations/tok_abcdefghijklmnopqrstuv')}`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/invitations/tok_abcdefghijklmnopqrstuv'));
  });

  it('never follows a way back to another site: the dashboard instead', async () => {
    await signInAt(`${paths.login}?next=${encodeURIComponent('//evil.test/phish')}`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
  });

  it('sends an already signed-in user straight on to the way back', async () => {
    session = meFixture({ emailVerified: true });
    server();
    renderRoutes(routes, `${paths.login}?next=${encodeURIComponent('/invitations/tok_abcdefghijklmnopqrstuv')}`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/invitations/tok_abcdefghijklmnopqrstuv'));
  });

  it('keeps the way back through sign-up, for after the emailed link and onboarding', async () => {
    server(on(signUp, () => json(201, { user: { email: 'new@candles.test' } })));
    const user = userEvent.setup();
    renderRoutes(
      routes,
      `${paths.login}?invite=1&email=new%40candles.test&next=${encodeURIComponent('/invitations/tok_abcdefghijklmnopqrstuv')}`,
    );
    await user.type(await screen.findByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(localStorage.getItem('klipt.returnTo')).toBe('/invitations/tok_abcdefghijklmnopqrstuv'));
  });
});

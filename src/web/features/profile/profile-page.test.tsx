import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { genericMessages } from '#contracts/errors.ts';
import { profileMessages } from '#contracts/profile.ts';
import { AVATAR_MAX_BYTES, type Me, type Profile } from '#contracts/profile.ts';
import { paths } from '../../lib/paths.ts';
import { meQueryKey } from '../../lib/session/me.ts';
// The fake server and render helpers are shared test tooling (see the auth feature's testing folder).
import { apiError, fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { PROFILE_SAVED_NOTICE_MS } from './components/profile-form.tsx';
import ProfilePage from './profile-page.tsx';
import { profileTexts } from './texts.ts';
import { deleteAvatar, getMe, getProfile, updateProfile, uploadAvatar } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route path={paths.profile} element={<ProfilePage />} />
  </Routes>
);

let me: Me;
let profile: Profile;

function server(...extra: FakeRoute[]) {
  return fakeApi(
    on(getMe, () => json(200, { ...me, profile })),
    on(getProfile, () => json(200, profile)),
    ...extra,
  );
}

function pngFile(bytes: number, name = 'me.png', type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Save Changes|Saving\.\.\.)$/ });
const avatarInput = () => screen.getByLabelText<HTMLInputElement>('Avatar image');

beforeEach(() => {
  me = meFixture({ displayName: 'maya' });
  profile = { ...me.profile, bio: 'Candles', location: 'Austin', websiteUrl: 'https://maya.test' };
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Profile', () => {
  it('shows a loading state, then the profile with read-only account facts and the page title', async () => {
    server();
    renderRoutes(routes, paths.profile);
    expect(screen.getByRole('status', { name: 'Loading profile' })).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>(/^Display name/)).value).toBe('maya');
    expect(screen.getByLabelText<HTMLInputElement>('Bio').value).toBe('Candles');
    expect(screen.getByText('maya@candles.test')).toBeTruthy();
    expect(screen.getByText('Joined')).toBeTruthy();
    expect(screen.getByText('Last updated')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Profile Details' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Social Links' })).toBeTruthy();
    expect(document.title).toBe('Profile — Klipt');
  });

  it('disables Save Changes while the display name is blank', async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.profile);
    const name = await screen.findByLabelText(/^Display name/);
    expect(saveButton().disabled).toBe(false);
    await user.clear(name);
    expect(saveButton().disabled).toBe(true);
    await user.type(name, '   ');
    expect(saveButton().disabled).toBe(true);
    await user.type(name, 'M');
    expect(saveButton().disabled).toBe(false);
  });

  it("refuses an avatar over 5MB in the browser with 'Image size must be less than 5MB'", async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.profile);
    await screen.findByLabelText(/^Display name/);
    await user.upload(avatarInput(), pngFile(AVATAR_MAX_BYTES + 1, 'huge.png'));
    expect((await screen.findByRole('alert')).textContent).toBe('Image size must be less than 5MB');
    expect(api.calls(uploadAvatar)).toHaveLength(0);
  });

  it('refuses a file that is not an image', async () => {
    const api = server();
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, paths.profile);
    await screen.findByLabelText(/^Display name/);
    await user.upload(avatarInput(), pngFile(100, 'notes.txt', 'text/plain'));
    expect((await screen.findByRole('alert')).textContent).toBe(profileMessages.avatarNotImage);
    expect(api.calls(uploadAvatar)).toHaveLength(0);
  });

  it('uploads an avatar as multipart "file", shows a spinner meanwhile, then the new picture in page and session', async () => {
    let answer!: () => void;
    const api = server(
      on(
        uploadAvatar,
        () =>
          new Promise<Response>((resolve) => {
            answer = () => {
              profile = { ...profile, avatarUrl: '/files/avatars/u1/avatar.webp?v=2' };
              resolve(json(200, profile));
            };
          }),
      ),
    );
    const user = userEvent.setup();
    const { container, queryClient } = renderRoutes(routes, paths.profile);
    await screen.findByLabelText(/^Display name/);
    const file = pngFile(2048);
    await user.upload(avatarInput(), file);

    expect(await screen.findByRole('status', { name: 'Uploading avatar' })).toBeTruthy();
    const sent = api.calls(uploadAvatar)[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    const sentFile = (sent as FormData).get('file') as File;
    expect([sentFile.name, sentFile.size, sentFile.type]).toEqual([file.name, file.size, file.type]);
    act(() => answer());

    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe('/files/avatars/u1/avatar.webp?v=2'));
    expect(screen.queryByRole('status', { name: 'Uploading avatar' })).toBeNull();
    expect(queryClient.getQueryData<Me>(meQueryKey)?.profile.avatarUrl).toBe('/files/avatars/u1/avatar.webp?v=2');
  });

  it('removes the avatar', async () => {
    profile = { ...profile, avatarUrl: '/files/avatars/u1/avatar.webp?v=1' };
    const api = server(
      on(deleteAvatar, () => {
        profile = { ...profile, avatarUrl: null };
        return json(200, profile);
      }),
    );
    const user = userEvent.setup();
    const { container } = renderRoutes(routes, paths.profile);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(container.querySelector('img')).toBeNull());
    expect(api.calls(deleteAvatar)).toHaveLength(1);
  });

  it('saves both tabs in one go (empty fields as null), shows the success message for 3 seconds and updates the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = server(
      on(updateProfile, (req) => {
        profile = { ...profile, ...(req.body as Partial<Profile>), updatedAt: '2026-04-01T12:00:00.000Z' };
        return json(200, profile);
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queryClient } = renderRoutes(routes, paths.profile);
    const name = await screen.findByLabelText(/^Display name/);
    await user.clear(name);
    await user.type(name, '  Maya Candles  ');
    await user.clear(screen.getByLabelText('Location'));
    await user.type(screen.getByLabelText('Occupation'), 'Founder');
    await user.click(screen.getByRole('tab', { name: 'Social Links' }));
    await user.type(screen.getByLabelText('Instagram'), 'https://instagram.com/mayacandles');
    await user.click(saveButton());

    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(api.calls(updateProfile)[0]?.body).toEqual({
      displayName: 'Maya Candles',
      bio: 'Candles',
      location: null,
      occupation: 'Founder',
      twitterUrl: null,
      instagramUrl: 'https://instagram.com/mayacandles',
      tiktokUrl: null,
      websiteUrl: 'https://maya.test',
    });
    expect(queryClient.getQueryData<Me>(meQueryKey)?.profile.displayName).toBe('Maya Candles');

    await act(() => vi.advanceTimersByTimeAsync(PROFILE_SAVED_NOTICE_MS - 300));
    expect(screen.queryByText(profileTexts.saved)).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByText(profileTexts.saved)).toBeNull();
  });

  it('shows a bad link on the Social Links tab instead of saving', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, paths.profile);
    await user.click(await screen.findByRole('tab', { name: 'Social Links' }));
    await user.type(screen.getByLabelText('Twitter'), 'not a link');
    await user.click(screen.getByRole('tab', { name: 'Profile Details' }));
    await user.click(saveButton());

    expect(await screen.findByText('Twitter URL must be a valid http(s) URL')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Social Links' }).getAttribute('aria-selected')).toBe('true');
    expect(api.calls(updateProfile)).toHaveLength(0);
  });

  it("shows the server's message in a red box when saving fails", async () => {
    server(on(updateProfile, () => apiError(400, 'VALIDATION_FAILED', 'Display name must be at most 60 characters')));
    const user = userEvent.setup();
    renderRoutes(routes, paths.profile);
    await screen.findByLabelText(/^Display name/);
    await user.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Display name must be at most 60 characters');
  });

  it("says 'Failed to load profile' and loads it again on retry", async () => {
    let fail = true;
    server(on(getProfile, () => (fail ? apiError(500, 'INTERNAL', genericMessages.internal) : json(200, profile))));
    const user = userEvent.setup();
    renderRoutes(routes, paths.profile);
    expect(await screen.findByText('Failed to load profile')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByLabelText<HTMLInputElement>(/^Display name/)).value).toBe('maya');
  });
});

import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { signUpVerified } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { defaultDisplayName } from './service.ts';

// postgres-pass: same

let ctx: TestContext;
let alice: string;
let bob: string;
beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false });
  alice = await signUpVerified(ctx, 'alice@example.com');
  bob = await signUpVerified(ctx, 'bob@example.com');
});
afterAll(async () => {
  await ctx.close();
});

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  cookie: string | undefined,
  payload?: object | Buffer,
  headers: Record<string, string> = {},
) =>
  ctx.app.server.inject({
    method,
    url,
    headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });

const fullProfile = {
  displayName: '  Alice A. ',
  bio: '  Makes candles ',
  location: '',
  occupation: '   ',
  twitterUrl: 'https://x.com/alice',
  instagramUrl: '',
  tiktokUrl: null,
  websiteUrl: ' https://alice.shop ',
};

describe('profile', () => {
  it('defaults the display name to the email before @, else User', () => {
    expect(defaultDisplayName('maya.k@shop.com')).toBe('maya.k');
    expect(defaultDisplayName('@shop.com')).toBe('User');
    expect(defaultDisplayName('')).toBe('User');
    expect(defaultDisplayName('\u202emaya@shop.com')).toBe('maya');
  });

  it('exists for every signed-in user with the default display name', async () => {
    const res = await call('GET', '/api/profile', alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ displayName: 'alice', avatarUrl: null, bio: null });
  });

  it('saves trimmed values, empty ones as null, and validated URLs', async () => {
    const res = await call('PUT', '/api/profile', alice, fullProfile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: 'Alice A.',
      bio: 'Makes candles',
      location: null,
      occupation: null,
      twitterUrl: 'https://x.com/alice',
      instagramUrl: null,
      tiktokUrl: null,
      websiteUrl: 'https://alice.shop',
    });
    expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(res.json().createdAt).getTime());
  });

  it.each([
    [{ ...fullProfile, displayName: '   ' }, 'Display name is required'],
    [{ ...fullProfile, websiteUrl: 'not a url' }, 'Website URL must be a valid http(s) URL'],
    [{ ...fullProfile, instagramUrl: 'ftp://insta.example' }, 'Instagram URL must be a valid http(s) URL'],
    [{ ...fullProfile, bio: 'x'.repeat(501) }, 'Bio must be at most 500 characters'],
  ])('refuses %j and changes nothing', async (payload, message) => {
    const res = await call('PUT', '/api/profile', alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect((await call('GET', '/api/profile', alice)).json().displayName).toBe('Alice A.');
  });

  it("cannot read or change another user's profile", async () => {
    // There is no user id to choose: extra fields are refused outright.
    const sneaky = await call('PUT', '/api/profile', bob, { ...fullProfile, displayName: 'Hacked', userId: 'alice' });
    expect(sneaky.statusCode).toBe(400);
    const own = await call('PUT', '/api/profile', bob, { ...fullProfile, displayName: 'Bob' });
    expect(own.json().displayName).toBe('Bob');
    expect((await call('GET', '/api/profile', alice)).json().displayName).toBe('Alice A.');
    expect((await call('GET', '/api/profile?userId=alice', bob)).json().displayName).toBe('Bob');
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/profile', undefined)).statusCode).toBe(401);
    expect((await call('PUT', '/api/profile', undefined, fullProfile)).statusCode).toBe(401);
  });

  it('saves display names without control or direction-override characters, from the profile and from onboarding', async () => {
    // U+202E (right-to-left override) would show "evil.exe" reversed; U+0085 is a C1 control; U+2066/2069 an isolate.
    const hostile = ' \u202e<img src=x onerror=alert(1)>\u202c Ann\u0085\u2066ie\u2069\u200f ';
    const saved = await call('PUT', '/api/profile', alice, { ...fullProfile, displayName: hostile });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().displayName).toBe('<img src=x onerror=alert(1)> Annie');
    expect((await call('GET', '/api/me', alice)).json().profile.displayName).toBe('<img src=x onerror=alert(1)> Annie');

    const onboarding = await call('POST', '/api/profile/complete', alice, { displayName: '\u2067Zoë\u2069\u061c' });
    expect(onboarding.json().displayName).toBe('Zoë');

    const onlyDirection = await call('POST', '/api/profile/complete', alice, { displayName: '\u202e\u2066 \u200e' });
    expect(onlyDirection.statusCode).toBe(400);
    expect(onlyDirection.json().error.message).toBe('Display name is required');
    await call('PUT', '/api/profile', alice, fullProfile);
  });

  it.each([
    ['a NUL', { displayName: 'Ann\u0000' }, 'This text contains control characters or broken symbols. Remove them and try again.'],
    [
      'a lone surrogate',
      { bio: 'half an emoji \ud83d' },
      'This text contains control characters or broken symbols. Remove them and try again.',
    ],
    [
      'a line break in the name',
      { displayName: 'Ann\nMarie' },
      'This text contains control characters or broken symbols. Remove them and try again.',
    ],
    ['61 characters', { displayName: 'x'.repeat(61) }, 'Display name must be at most 60 characters'],
  ])('refuses %s with its own message, never "required"', async (_, change, message) => {
    const res = await call('PUT', '/api/profile', alice, { ...fullProfile, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message });
  });

  it('keeps line breaks in the bio', async () => {
    const res = await call('PUT', '/api/profile', alice, { ...fullProfile, bio: 'Candles.\r\n\tHand-poured.' });
    expect(res.json().bio).toBe('Candles.\r\n\tHand-poured.');
    await call('PUT', '/api/profile', alice, fullProfile);
  });

  it('completes onboarding with a display name', async () => {
    const res = await call('POST', '/api/profile/complete', bob, { displayName: ' Bobby ' });
    expect(res.json()).toMatchObject({ displayName: 'Bobby', websiteUrl: 'https://alice.shop' });
  });
});

describe('avatar', () => {
  it('re-encodes a real image to avatars/{userId}/avatar.webp and serves it', async () => {
    const upload = multipartBody('file', 'me.png', 'image/png', await pngImage(800, 600));
    const res = await call('POST', '/api/profile/avatar', alice, upload.payload, upload.headers);
    expect(res.statusCode).toBe(200);
    const { avatarUrl, userId } = res.json();
    expect(avatarUrl).toMatch(new RegExp(`^/files/avatars/${userId}/avatar\\.webp\\?v=\\d+$`));
    const file = await ctx.app.server.inject({ method: 'GET', url: avatarUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');

    // A second upload replaces the first (same key, new version in the URL).
    const again = multipartBody('file', 'me2.png', 'image/png', await pngImage(300, 300, 3));
    const second = await call('POST', '/api/profile/avatar', alice, again.payload, again.headers);
    expect(second.json().avatarUrl).not.toBe(avatarUrl);
  });

  it('refuses bytes that are not an image, whatever their name says', async () => {
    const fake = multipartBody('file', 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const res = await call('POST', '/api/profile/avatar', bob, fake.payload, fake.headers);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('Please choose a PNG, JPG, GIF or WebP image.');
  });

  it('refuses files of 5 MB and more with the spec message', async () => {
    const big = multipartBody('file', 'big.png', 'image/png', Buffer.concat([await pngImage(32, 32), Buffer.alloc(5 * 1024 * 1024)]));
    const res = await call('POST', '/api/profile/avatar', bob, big.payload, big.headers);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Image size must be less than 5MB');
    expect((await call('GET', '/api/profile', bob)).json().avatarUrl).toBeNull();
  });

  it('deletes the avatar and its file', async () => {
    const before = (await call('GET', '/api/profile', alice)).json();
    const file = path.join(ctx.dataDir, 'storage', 'avatars', before.userId, 'avatar.webp');
    await access(file);
    const res = await call('DELETE', '/api/profile/avatar', alice);
    expect(res.json().avatarUrl).toBeNull();
    await expect(access(file)).rejects.toThrow(/ENOENT/);
  });
});

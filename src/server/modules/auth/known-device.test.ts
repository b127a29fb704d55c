import { describe, expect, it } from 'vitest';
import { createKnownDevices, KNOWN_DEVICE_MAX_AGE_SECONDS } from './known-device.ts';

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('known devices', () => {
  let now = Date.UTC(2026, 0, 1);
  const devices = createKnownDevices({ secret: 'a session secret of more than thirty-two characters', https: false, now: () => now });

  it('recognise the cookie they issued, for that account only', () => {
    const cookie = cookieOf(devices.issue('Owner@example.com', 'device-1'));
    expect(devices.read(`other=1; ${cookie}`, 'owner@example.com')).toBe('device-1');
    expect(devices.read(cookie, 'someone.else@example.com')).toBeUndefined();
  });

  it('refuse a tampered, malformed, foreign or expired cookie', () => {
    const cookie = cookieOf(devices.issue('owner@example.com', 'device-1'));
    const [name, value] = cookie.split('=') as [string, string];
    const [id, issued, signature] = value.split('.') as [string, string, string];
    for (const forged of [
      `${name}=device-2.${issued}.${signature}`,
      `${name}=${id}.${Number(issued) + 1}.${signature}`,
      `${name}=${id}.${issued}.${signature.slice(0, -2)}`,
      `${name}=${id}.${issued}`,
      `${name}=`,
    ])
      expect(devices.read(forged, 'owner@example.com')).toBeUndefined();
    const elsewhere = createKnownDevices({ secret: 'another secret of more than thirty-two characters!', https: false, now: () => now });
    expect(elsewhere.read(cookie, 'owner@example.com')).toBeUndefined();
    now += (KNOWN_DEVICE_MAX_AGE_SECONDS + 1) * 1000;
    expect(devices.read(cookie, 'owner@example.com')).toBeUndefined();
  });

  it('are httpOnly, strict, only for the auth endpoints, and Secure with the __Secure- prefix on https', () => {
    const secure = createKnownDevices({ secret: 'a session secret of more than thirty-two characters', https: true });
    expect(secure.issue('owner@example.com')).toMatch(
      /^__Secure-klipt\.known_device=[\w-]+\.\d+\.[\w-]+; Max-Age=\d+; Path=\/api\/auth; HttpOnly; SameSite=Strict; Secure$/,
    );
  });
});

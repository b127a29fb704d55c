import { describe, expect, it } from 'vitest';
import { rememberReturnPath, safeReturnPath, takeReturnPath } from './return-to.ts';

describe('return paths', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeReturnPath('/invitations/abc_DEF-123')).toBe('/invitations/abc_DEF-123');
    expect(safeReturnPath('/teams/1?tab=members')).toBe('/teams/1?tab=members');
  });

  it.each(['https://evil.test/x', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', 'invitations/x', '', null, undefined])(
    'refuses %s',
    (raw) => {
      expect(safeReturnPath(raw)).toBeNull();
    },
  );

  it('remembers a way back once, and checks it again when read', () => {
    rememberReturnPath('/invitations/abc');
    expect(takeReturnPath()).toBe('/invitations/abc');
    expect(takeReturnPath()).toBeNull();
    localStorage.setItem('klipt.returnTo', '//evil.test');
    expect(takeReturnPath()).toBeNull();
  });
});

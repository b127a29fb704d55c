import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from './contract.ts';

const endpoint = {
  method: 'GET' as const,
  path: '/api/example',
  summary: 'An example',
  tags: ['example'],
  status: 200 as const,
  response: z.object({}),
};

describe('defineContract', () => {
  it('does not compile, and throws, without `auth`: every endpoint says who may call it', () => {
    // `npm run typecheck` fails if this line compiles, i.e. if `auth` ever becomes optional.
    // @ts-expect-error -- auth is required
    expect(() => defineContract({ ...endpoint })).toThrow('GET /api/example: auth must be one of public, user, verified, admin');
  });

  it('does not compile, and throws, with an access level that does not exist', () => {
    // @ts-expect-error -- 'nobody' is not an access level
    expect(() => defineContract({ ...endpoint, auth: 'nobody' })).toThrow(/auth must be one of/);
  });

  it('keeps the access level as a literal type, so routes know their caller', () => {
    const contract = defineContract({ ...endpoint, auth: 'verified' });
    const level: 'verified' = contract.auth;
    expect(level).toBe('verified');
  });

  it('lets only a public GET declare a visitor-cacheable answer: anything else is personal or changes something', () => {
    expect(defineContract({ ...endpoint, auth: 'public', visitorCache: true }).visitorCache).toBe(true);
    expect(() => defineContract({ ...endpoint, auth: 'verified', visitorCache: true })).toThrow(
      'GET /api/example: only a public GET has an answer for visitors to cache',
    );
    expect(() => defineContract({ ...endpoint, method: 'POST', auth: 'public', visitorCache: true })).toThrow(/only a public GET/);
  });
});

import { describe, expect, it } from 'vitest';
import { SHOPIFY_API_VERSION } from '#contracts/stores.ts';
import { createAdminGraphql } from './admin-graphql.ts';

const cost = {
  requestedQueryCost: 10,
  actualQueryCost: 10,
  throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 990, restoreRate: 50 },
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const noSleep = async () => {};

describe('createAdminGraphql', () => {
  it('posts the query and variables to the pinned version with the access token', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const graphql = createAdminGraphql({
      shopUrl: 'https://a-shop.myshopify.com/',
      accessToken: 'shpat_x',
      now: () => 1000,
      fetch: async (url, init) => {
        seen.push({ url: url instanceof Request ? url.url : url.toString(), init: init! });
        return json({ data: { shop: { name: 'A' } }, extensions: { cost } });
      },
    });
    expect(await graphql.request('query { shop { name } }', { a: 1 })).toEqual({ shop: { name: 'A' } });
    expect(seen[0]!.url).toBe(`https://a-shop.myshopify.com/admin/api/${SHOPIFY_API_VERSION}/graphql.json`);
    expect(new Headers(seen[0]!.init.headers).get('x-shopify-access-token')).toBe('shpat_x');
    expect(JSON.parse(seen[0]!.init.body as string)).toEqual({ query: 'query { shop { name } }', variables: { a: 1 } });
    expect(graphql.available()).toBe(990);
  });

  it('maps ACCESS_DENIED to unauthorized and other GraphQL errors to unavailable with their message', async () => {
    const denied = createAdminGraphql({
      shopUrl: 'https://s',
      accessToken: 't',
      fetch: async () => json({ errors: [{ message: 'Access denied for products field.', extensions: { code: 'ACCESS_DENIED' } }] }),
    });
    await expect(denied.request('query { products }')).rejects.toMatchObject({
      kind: 'unauthorized',
      message: 'Access denied for products field.',
    });
    const broken = createAdminGraphql({
      shopUrl: 'https://s',
      accessToken: 't',
      fetch: async () => json({ errors: [{ message: "Field 'nope' doesn't exist on type 'QueryRoot'" }] }),
    });
    await expect(broken.request('query { nope }')).rejects.toMatchObject({
      kind: 'unavailable',
      message: "Field 'nope' doesn't exist on type 'QueryRoot'",
    });
  });

  it('retries a timed-out attempt, then gives up as unavailable', async () => {
    let calls = 0;
    const graphql = createAdminGraphql({
      shopUrl: 'https://s',
      accessToken: 't',
      timeoutMs: 30,
      maxAttempts: 2,
      sleep: noSleep,
      fetch: (_url, init) => {
        calls += 1;
        return new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)));
      },
    });
    await expect(graphql.request('query { shop { name } }')).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('timed out'),
    });
    expect(calls).toBe(2);
  });

  it("stops at once when the caller's signal aborts", async () => {
    let calls = 0;
    const controller = new AbortController();
    const graphql = createAdminGraphql({
      shopUrl: 'https://s',
      accessToken: 't',
      sleep: noSleep,
      fetch: async () => {
        calls += 1;
        controller.abort(new Error('shutting down'));
        throw new Error('aborted');
      },
    });
    await expect(graphql.request('query { shop { name } }', {}, { signal: controller.signal })).rejects.toThrow('shutting down');
    expect(calls).toBe(1);
  });
});

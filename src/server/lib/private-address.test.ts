import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PrivateAddressError, privateAddressKind, publicOnlyLookup, privateHostKind } from './private-address.ts';

describe('privateAddressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['100.127.255.255', 'shared (carrier-grade NAT)'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    // IPv4 inside IPv6: mapped, NAT64, 6to4 and the old compatible form.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a9fe:a9fe::', 'link-local'],
    ['::127.0.0.1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(privateAddressKind(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '169.253.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:4860:4860::8888',
  ])('%s is public', (address) => {
    expect(privateAddressKind(address)).toBeUndefined();
  });

  it('is undefined for anything that is not an address', () => {
    expect(privateAddressKind('localhost')).toBeUndefined();
    expect(privateAddressKind('example.com')).toBeUndefined();
  });
});

describe('privateHostKind (a URL host as written, before any lookup)', () => {
  it('names literal private addresses, bracketed IPv6 and the localhost names', () => {
    expect(privateHostKind('127.0.0.1')).toBe('loopback');
    expect(privateHostKind('[::1]')).toBe('loopback');
    expect(privateHostKind('[::ffff:7f00:1]')).toBe('loopback');
    expect(privateHostKind('localhost')).toBe('loopback');
    expect(privateHostKind('api.localhost')).toBe('loopback');
    expect(privateHostKind('LOCALHOST.')).toBe('loopback');
    expect(privateHostKind('hooks.example.com')).toBeUndefined();
    expect(privateHostKind('8.8.8.8')).toBeUndefined();
  });
});

/** The resolver a test controls: a fixed answer per host name. */
const resolverOf =
  (answers: Record<string, string[]>) =>
  async (hostname: string): Promise<LookupAddress[]> =>
    (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

/** Calls a net lookup as net.connect does (one address, or all of them with autoSelectFamily). */
function callLookup(lookup: LookupFunction, hostname: string, options: { all?: boolean; family?: number } = {}) {
  return new Promise<{ address: string | LookupAddress[]; family?: number }>((resolve, reject) => {
    lookup(hostname, options, (err, address, family) => (err ? reject(err) : resolve({ address, ...(family ? { family } : {}) })));
  });
}

describe('publicOnlyLookup', () => {
  const resolve = resolverOf({
    'public.test': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'rebind.test': ['127.0.0.1'],
    'mixed.test': ['93.184.215.14', '10.0.0.7'],
    'mapped.test': ['::ffff:169.254.169.254'],
  });

  it('hands back the checked addresses of a public host, one or all, by family', async () => {
    const lookup = publicOnlyLookup({ resolve });
    expect(await callLookup(lookup, 'public.test')).toEqual({ address: '93.184.215.14', family: 4 });
    expect(await callLookup(lookup, 'public.test', { family: 6 })).toEqual({
      address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
      family: 6,
    });
    expect(await callLookup(lookup, 'public.test', { all: true })).toEqual({
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
    });
  });

  it('refuses a host when any of its addresses is private, loopback or link-local', async () => {
    const lookup = publicOnlyLookup({ resolve });
    await expect(callLookup(lookup, 'rebind.test')).rejects.toThrow(
      new PrivateAddressError('rebind.test resolves to 127.0.0.1, a loopback address'),
    );
    await expect(callLookup(lookup, 'mixed.test', { all: true })).rejects.toThrow('mixed.test resolves to 10.0.0.7, a private address');
    await expect(callLookup(lookup, 'mapped.test', { family: 6 })).rejects.toThrow(PrivateAddressError);
    await expect(callLookup(lookup, 'nowhere.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('lets every address through when private receivers are allowed', async () => {
    const lookup = publicOnlyLookup({ resolve, allowPrivate: true });
    expect(await callLookup(lookup, 'rebind.test')).toEqual({ address: '127.0.0.1', family: 4 });
  });
});

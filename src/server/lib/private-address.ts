import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a server-side request must not reach on its own (the superlike webhook): this machine,
 * its private networks and the cloud metadata service (169.254.169.254). Each range with the word
 * the error uses.
 */
const ipv4Ranges: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

const ipv4Cidrs = ipv4Ranges.map(([base, bits, kind]) => ({ base: ipv4Number(base), size: 2 ** (32 - bits), kind }));

function ipv4Kind(n: number): string | undefined {
  return ipv4Cidrs.find((range) => n >= range.base && n < range.base + range.size)?.kind;
}

const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));

/** The eight 16-bit groups of a valid IPv6 address (a zone id and a trailing dotted IPv4 allowed). */
export function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const n = ipv4Number(dotted);
    text = `${text.slice(0, -dotted.length)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  if (tail === undefined) return groups(head);
  const [before, after] = [groups(head), groups(tail)];
  return [...before, ...Array.from({ length: 8 - before.length - after.length }, () => 0), ...after];
}

const embeddedIpv4 = (high: number, low: number) => high * 65536 + low;

function ipv6Kind(g: number[]): string | undefined {
  const zerosUpTo = (n: number) => g.slice(0, n).every((group) => group === 0);
  if (zerosUpTo(8)) return 'unspecified';
  if (zerosUpTo(7) && g[7] === 1) return 'loopback';
  // IPv4 written inside IPv6: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:AABB:CCDD::).
  if (zerosUpTo(5) && g[5] === 0xffff) return ipv4Kind(embeddedIpv4(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return ipv4Kind(embeddedIpv4(g[6]!, g[7]!));
  if (g[0] === 0x2002) return ipv4Kind(embeddedIpv4(g[1]!, g[2]!));
  // The deprecated IPv4-compatible form (::a.b.c.d) is routed nowhere.
  if (zerosUpTo(6)) return 'reserved';
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'private';
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xffc0) === 0xfec0) return 'private';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  return undefined;
}

/** What kind of non-public address `address` is ('loopback', 'private', 'link-local'…); undefined for a public one or a name. */
export function privateAddressKind(address: string): string | undefined {
  const version = isIP(address.replace(/%.*$/, ''));
  if (version === 4) return ipv4Kind(ipv4Number(address));
  if (version === 6) return ipv6Kind(ipv6Groups(address));
  return undefined;
}

/**
 * The same for a URL's host as written (WHATWG-normalised: `[::1]`, `127.0.0.1`): literal addresses
 * and the localhost names, which resolve to this machine by definition (RFC 6761). Other names are
 * only known once resolved (publicOnlyLookup).
 */
export function privateHostKind(hostname: string): string | undefined {
  const host = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  return privateAddressKind(host);
}

/** A host that resolved to an address the request may not reach. */
export class PrivateAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrivateAddressError';
  }
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/** "a loopback address", "an unspecified address". */
export const kindPhrase = (kind: string) => `a${/^[aeiou]/.test(kind) ? 'n' : ''} ${kind} address`;

/**
 * A `lookup` for net/http/https connections that resolves the host once, refuses it when any of
 * its addresses is not public (unless allowed), and hands back only the addresses it checked: the
 * socket connects to one of those, so a DNS answer that changes between the check and the
 * connection (rebinding) cannot send it elsewhere. Literal IP hosts never reach a lookup: check
 * them with privateHostKind.
 */
export function publicOnlyLookup(options: { resolve?: Resolver; allowPrivate?: boolean } = {}): LookupFunction {
  const resolve = options.resolve ?? systemResolver;
  async function checked(hostname: string, family: number | undefined): Promise<LookupAddress[]> {
    const addresses = await resolve(hostname);
    for (const { address } of options.allowPrivate ? [] : addresses) {
      const kind = privateAddressKind(address);
      if (kind) throw new PrivateAddressError(`${hostname} resolves to ${address}, ${kindPhrase(kind)}`);
    }
    const usable = addresses.filter((a) => !family || a.family === family);
    if (usable.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
    return usable;
  }
  return (hostname, lookupOptions, callback) => {
    const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
    const answer = (usable: LookupAddress[]) =>
      lookupOptions.all ? callback(null, usable) : callback(null, usable[0]!.address, usable[0]!.family);
    const fail = (err: NodeJS.ErrnoException) => callback(err, '', 0);
    // Two-argument then: an exception thrown by the socket's callback is not mistaken for a failed lookup.
    checked(hostname, family).then(answer, fail);
  };
}

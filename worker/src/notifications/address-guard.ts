import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { PermanentDeliveryError } from './delivery-error';

/**
 * The SSRF guard of outbound notification calls (SECURITY.md item 18, OWASP SSRF cheat sheet). In production a
 * webhook, Slack or Telegram call goes only over https and only to public addresses: the check runs on the address
 * the socket actually connects to (a custom `lookup`), so a name that resolves differently later (DNS rebinding)
 * cannot slip through. Outside production it is relaxed, because tests and local setups use loopback receivers.
 */

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata endpoints
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address (valid input only: callers check isIP first). */
function ipv6Bytes(address: string): number[] {
  const withoutZone = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(withoutZone);
  const tail = dotted ? dotted[1]!.split('.').map(Number) : [];
  const hex = dotted ? withoutZone.slice(0, -dotted[1]!.length).replace(/:$/, ':0:0') : withoutZone;
  const [head, rest] = hex.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').filter((g) => g !== '') : []);
  const left = groups(head);
  const right = groups(rest);
  const missing = 8 - left.length - right.length;
  const all = rest === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  const bytes = all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
  if (dotted) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** True for every address a production notification must not reach, including IPv4 hidden inside IPv6. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const bytes = ipv6Bytes(address);
  const isMapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  const isNat64 = [0x00, 0x64, 0xff, 0x9b].every((b, i) => bytes[i] === b) && bytes.slice(4, 12).every((b) => b === 0);
  if (isMapped || isNat64) return BLOCKED.check(bytes.slice(12).join('.'), 'ipv4');
  return BLOCKED.check(address.split('%')[0]!, 'ipv6');
}

export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface OutboundGuard {
  /** Refuses (PermanentDeliveryError) a URL whose scheme, or whose literal address, may not be called. */
  checkUrl(url: URL): void;
  /** For http(s).request: resolves the name, refuses it when any address is blocked, and connects to those checked. */
  lookup: LookupFunction;
}

export function createOutboundGuard(options: { production: boolean; resolve?: Resolve }): OutboundGuard {
  const resolve = options.resolve ?? systemResolve;
  const refuse = (what: string) =>
    new PermanentDeliveryError(`refused: ${what} is a private, loopback, link-local or reserved address (SSRF guard)`);

  return {
    checkUrl(url) {
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PermanentDeliveryError(`refused: ${url.protocol} URLs are not supported`);
      if (!options.production) return;
      if (url.protocol !== 'https:') throw new PermanentDeliveryError('refused: only https URLs are allowed');
      // Node connects to a literal address without calling `lookup`, so literals are checked here.
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) && isBlockedAddress(host)) throw refuse(host);
    },
    lookup(hostname, lookupOptions, callback) {
      resolve(hostname).then(
        (found) => {
          const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? found.filter((a) => a.family === lookupOptions.family) : found;
          const blocked = options.production ? wanted.find((a) => isBlockedAddress(a.address)) : undefined;
          if (blocked) return callback(refuse(`${hostname} resolves to ${blocked.address}, which`), '', 0);
          if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
          if (lookupOptions.all) return callback(null, wanted);
          callback(null, wanted[0]!.address, wanted[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
    },
  };
}

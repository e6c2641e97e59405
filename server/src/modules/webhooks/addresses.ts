import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

/** Resolves a host name to its addresses (injectable: tests answer private ones with a stub). */
export type WebhookResolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export const dnsResolver: WebhookResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** Addresses a production store never calls (SSRF): private, loopback, link-local, unspecified, multicast. */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for an address a production store refuses to call (an IPv4-mapped IPv6 address is read as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The addresses to call for a URL's host: a literal address as it is, a name through the resolver. */
export async function addressesOf(
  hostname: string,
  resolve: WebhookResolver,
): Promise<{ address: string; family: 4 | 6 }[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family !== 0) return [{ address: bare, family: family === 6 ? 6 : 4 }];
  return resolve(hostname);
}

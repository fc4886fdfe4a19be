import dns from 'node:dns/promises';
import net from 'node:net';

export type ResolvedTarget = { address: string; family: 4 | 6 };

/** Thrown when a webhook target is refused before any request is made (never retried). */
export class RefusedTarget extends Error {}

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8], // "this network", including 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including the 169.254.169.254 metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, including fd00:ec2::254 (metadata)
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96], // NAT64 can reach any IPv4 address, private ones included
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** True for loopback, private, link-local, CGNAT, metadata and other non-public addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

type Lookup = (host: string) => Promise<ResolvedTarget[]>;
const systemLookup: Lookup = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })) as ResolvedTarget[];

/**
 * Resolves the URL's host once. Unless private targets are allowed, every address must be public;
 * the caller connects only to the returned addresses so a second resolution cannot point elsewhere.
 */
export async function resolveWebhookTarget(
  url: URL,
  allowPrivate: boolean,
  lookup: Lookup = systemLookup,
): Promise<ResolvedTarget[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host);
  let addresses: ResolvedTarget[];
  if (literal) addresses = [{ address: host, family: literal as 4 | 6 }];
  else {
    try {
      addresses = await lookup(host);
    } catch (err) {
      throw new RefusedTarget(
        `Could not resolve ${host}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
  }
  if (!addresses.length) throw new RefusedTarget(`Could not resolve ${host}`);
  if (!allowPrivate) {
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) throw new RefusedTarget(`Refused: ${host} resolves to a non-public address (${bad.address})`);
  }
  return addresses;
}

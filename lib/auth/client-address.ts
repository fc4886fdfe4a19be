import crypto from 'node:crypto';
import net from 'node:net';

// The address behind a request, for the auth throttles. `X-Forwarded-For` is believed only from the proxies
// named in TRUSTED_PROXIES; otherwise the socket's own address counts. Our server (lib/boot/server.ts)
// stamps the address it resolved on the request, with a per-process proof so a client cannot send its own.
export const CLIENT_ADDRESS_HEADER = 'x-tracker-client-address';
export const CLIENT_ADDRESS_PROOF_HEADER = 'x-tracker-client-proof';
const PROOF_ENV = 'TRACKER_CLIENT_ADDRESS_PROOF';

/** The per-process secret that marks an address as stamped by our own server (not by a client). */
export function clientAddressProof(): string {
  return (process.env[PROOF_ENV] ??= crypto.randomBytes(24).toString('base64url'));
}

function normalise(address: string): string {
  const a = address.trim().replace(/^\[|\]$/g, '');
  // An IPv4 client on a dual-stack socket shows up as ::ffff:1.2.3.4.
  return a.startsWith('::ffff:') && net.isIPv4(a.slice(7)) ? a.slice(7) : a;
}

/** TRUSTED_PROXIES: comma-separated addresses or CIDR ranges (`10.0.0.0/8`, `::1`), or `loopback`. */
export function parseTrustedProxies(value: string | undefined): net.BlockList | null {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  const list = new net.BlockList();
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [addr, bits] = entry.split('/');
    const family = net.isIPv6(addr) ? 'ipv6' : net.isIPv4(addr) ? 'ipv4' : null;
    if (!family) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    if (bits === undefined) list.addAddress(addr, family);
    else list.addSubnet(addr, Number(bits), family);
  }
  return list;
}

function trusted(list: net.BlockList | null, address: string): boolean {
  if (!list) return false;
  const family = net.isIPv6(address) ? 'ipv6' : net.isIPv4(address) ? 'ipv4' : null;
  return family !== null && list.check(address, family);
}

/**
 * The client's address: the socket's, unless the socket is a trusted proxy; then `X-Forwarded-For` is read from
 * the right, skipping trusted proxies, and the first address no trusted proxy vouches beyond is the client.
 */
export function resolveClientAddress(
  socketAddress: string,
  forwardedFor: string | undefined,
  proxies: net.BlockList | null,
): string {
  let client = normalise(socketAddress || 'unknown');
  if (!trusted(proxies, client) || !forwardedFor) return client;
  const hops = forwardedFor.split(',').map(normalise).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!net.isIP(hops[i])) break;
    client = hops[i];
    if (!trusted(proxies, client)) break;
  }
  return client;
}

let cachedProxies: { raw: string | undefined; list: net.BlockList | null } | undefined;
function configuredProxies(): net.BlockList | null {
  const raw = process.env.TRUSTED_PROXIES;
  if (!cachedProxies || cachedProxies.raw !== raw) cachedProxies = { raw, list: parseTrustedProxies(raw) };
  return cachedProxies.list;
}

type HeaderBag = Record<string, string | string[] | undefined>;

/** The client's address of a request our node:http server reads itself (the ingest adapter). */
export function addressFromSocket(headers: HeaderBag, socketAddress: string | undefined): string {
  const xff = headers['x-forwarded-for'];
  return resolveClientAddress(socketAddress ?? '', Array.isArray(xff) ? xff.join(',') : xff, configuredProxies());
}

/** Our node:http server: resolve the address from the socket and stamp it (any client-sent copy is dropped first). */
export function stampClientAddress(headers: HeaderBag, socketAddress: string | undefined): void {
  headers[CLIENT_ADDRESS_HEADER] = addressFromSocket(headers, socketAddress);
  headers[CLIENT_ADDRESS_PROOF_HEADER] = clientAddressProof();
}

/**
 * The address a route handler throttles by. Stamped by our server when it carries this process's proof; under a
 * bare `next start` (no socket address here) the right-most `X-Forwarded-For` hop that Next itself records.
 */
export function clientAddress(req: Request): string {
  const proof = req.headers.get(CLIENT_ADDRESS_PROOF_HEADER);
  const stamped = req.headers.get(CLIENT_ADDRESS_HEADER);
  if (stamped && proof && proof === process.env[PROOF_ENV]) return stamped;
  const hops = (req.headers.get('x-forwarded-for') ?? '').split(',').map(normalise).filter(Boolean);
  return resolveClientAddress(hops.pop() ?? 'unknown', hops.join(','), configuredProxies());
}

/** Where a sign-in request comes from (its address and User-Agent), kept on the session it starts. */
export function signInClient(req: Request): { address: string; userAgent: string | null } {
  return { address: clientAddress(req), userAgent: req.headers.get('user-agent') };
}

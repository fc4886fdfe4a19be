import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, resolveClientAddress } from './client-address';

const proxies = parseTrustedProxies('10.0.0.0/8, 192.168.1.5, loopback, fd00::/8');

describe('resolveClientAddress', () => {
  it.each<[string, string, string | undefined, string]>([
    ['no trusted proxies: the socket, whatever the header says', '203.0.113.9', '1.2.3.4', '203.0.113.9'],
    ['an untrusted socket cannot forward', '198.51.100.7', '1.2.3.4, 5.6.7.8', '198.51.100.7'],
    ['a trusted proxy: the hop it saw', '10.1.2.3', '203.0.113.9', '203.0.113.9'],
    ['a client-forged prefix is ignored', '10.1.2.3', '6.6.6.6, 203.0.113.9', '203.0.113.9'],
    [
      'a chain of trusted proxies is walked from the right',
      '127.0.0.1',
      '203.0.113.9, 192.168.1.5, 10.9.9.9',
      '203.0.113.9',
    ],
    ['only proxies in the chain: the left-most', '10.1.2.3', '10.0.0.1, 10.0.0.2', '10.0.0.1'],
    ['IPv4 on a dual-stack socket', '::ffff:10.1.2.3', '203.0.113.9', '203.0.113.9'],
    ['IPv6 proxy and client', 'fd00::1', '2001:db8::5', '2001:db8::5'],
    ['garbage in the header stops the walk', '10.1.2.3', 'not-an-ip', '10.1.2.3'],
    ['a trusted socket without the header', '10.1.2.3', undefined, '10.1.2.3'],
  ])('%s', (_label, socket, xff, expected) => {
    const list = _label.startsWith('no trusted') ? null : proxies;
    expect(resolveClientAddress(socket, xff, list)).toBe(expected);
  });

  it('rotating X-Forwarded-For from one untrusted client is still one address', () => {
    const seen = new Set(
      Array.from({ length: 20 }, (_, i) => resolveClientAddress('198.51.100.7', `1.1.1.${i}`, proxies)),
    );
    expect([...seen]).toEqual(['198.51.100.7']);
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address', () => {
    expect(() => parseTrustedProxies('10.0.0.0/8, proxy.internal')).toThrow(
      'TRUSTED_PROXIES: "proxy.internal" is not an IP address or CIDR range',
    );
  });
});

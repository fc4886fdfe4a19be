import { describe, expect, it } from 'vitest';
import { isPrivateAddress, RefusedTarget, resolveWebhookTarget } from './webhook-guard';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.1.1',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    'not-an-ip',
  ])('refuses %s', (a) => {
    expect(isPrivateAddress(a)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows %s', (a) => {
    expect(isPrivateAddress(a)).toBe(false);
  });
});

describe('resolveWebhookTarget', () => {
  const fakeLookup = (addrs: string[]) => async () =>
    addrs.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));

  it('refuses a name when any of its addresses is private', async () => {
    await expect(
      resolveWebhookTarget(new URL('https://hooks.example.com/x'), false, fakeLookup(['93.184.216.34', '10.0.0.1'])),
    ).rejects.toThrow(RefusedTarget);
  });

  it('returns the checked address for a public name', async () => {
    await expect(
      resolveWebhookTarget(new URL('https://hooks.example.com/x'), false, fakeLookup(['93.184.216.34'])),
    ).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('checks IP literals without resolving, including bracketed IPv6', async () => {
    const never = async () => {
      throw new Error('should not resolve');
    };
    await expect(resolveWebhookTarget(new URL('http://169.254.169.254/latest'), false, never)).rejects.toThrow(
      /non-public/,
    );
    await expect(resolveWebhookTarget(new URL('http://[::1]:8080/'), false, never)).rejects.toThrow(/non-public/);
    await expect(resolveWebhookTarget(new URL('http://[::1]:8080/'), true, never)).resolves.toEqual([
      { address: '::1', family: 6 },
    ]);
  });

  it('a name that does not resolve is refused', async () => {
    const fail = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    await expect(resolveWebhookTarget(new URL('https://nowhere.invalid/'), false, fail)).rejects.toThrow(/ENOTFOUND/);
  });
});

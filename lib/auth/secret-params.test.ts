import { describe, expect, it } from 'vitest';
import { secretParams } from './secret-params';

const names = (u: string) => secretParams(new URL(u, 'http://localhost'));

describe('secretParams', () => {
  it.each([
    ['/login?email=a%40b.c&password=hunter22', ['password']],
    ['/login?Password=x&next=%2Fissues', ['Password']],
    ['/verify?email=a%40b.c&otp=ABC123', ['otp']],
    ['/login/two-factor?method=totp&code=123456', ['code']],
    [
      '/settings/account?currentPassword=a&newPassword=b&confirmPassword=b',
      ['currentPassword', 'newPassword', 'confirmPassword'],
    ],
    ['/signup?name=A&email=a%40b.c&password=x&password=y', ['password']],
    ['/login?recovery_code=abcd&new-password=x', ['recovery_code', 'new-password']],
    ['/invite/abc?token=t', ['token']],
  ])('%s → %j', (url, expected) => {
    expect(names(url)).toEqual(expected);
  });

  it.each([
    '/login',
    '/login?email=a%40b.c&next=%2Fissues&refused=credentials',
    '/login?error=OAuthCallback&provider=github',
    '/reset-password?token=abc',
    '/issues?query=is%3Aunresolved&sort=date',
  ])('%s has none', (url) => {
    expect(names(url)).toEqual([]);
  });
});

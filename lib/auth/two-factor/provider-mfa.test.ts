import { describe, expect, it } from 'vitest';
import { providerDidMfa } from '@/lib/auth/oauth/complete-oauth-sign-in';

describe('providerDidMfa: an OpenID Connect amr trusted as the second factor', () => {
  it.each([
    ['oidc', ['pwd', 'mfa'], true],
    ['oidc', ['otp'], true],
    ['oidc', ['hwk'], true],
    ['oidc', ['swk', 'pin'], true],
    ['oidc', ['pwd'], false],
    ['oidc', [], false],
    ['oidc', 'mfa', false],
    ['oidc', undefined, false],
    ['oidc', [1, null], false],
    // GitHub and Google send no amr we can check: never trusted.
    ['github', ['mfa'], false],
    ['google', ['mfa'], false],
    [undefined, ['mfa'], false],
  ])('%s with amr %j → %s', (provider, amr, expected) => {
    expect(providerDidMfa(provider as string | undefined, amr)).toBe(expected);
  });
});

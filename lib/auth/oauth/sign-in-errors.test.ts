import { describe, expect, it } from 'vitest';
import { EMAIL_UNVERIFIED, signInErrorMessage } from './sign-in-errors';
import { clearedNextAuthCookies } from './complete-oauth-sign-in';
import { oauthUserName } from './link-oauth-account';

describe('signInErrorMessage', () => {
  it.each<[string | null, string | null, string | null]>([
    [null, null, null],
    ['', null, null],
    [EMAIL_UNVERIFIED, 'GitHub', 'Your email address is not verified by GitHub. Verify it there, then sign in again.'],
    [
      EMAIL_UNVERIFIED,
      null,
      'Your email address is not verified by the provider. Verify it there, then sign in again.',
    ],
    ['OAuthCallback', null, 'The sign-in with the provider could not be completed. Please try again.'],
    ['SessionExpired', null, 'The sign-in took too long. Please try again.'],
    ['<script>', null, 'Sign-in failed. Please try again.'],
  ])('%s (%s)', (code, provider, expected) => {
    expect(signInErrorMessage(code, provider)).toBe(expected);
  });
});

describe('clearedNextAuthCookies', () => {
  it("expires next-auth's cookies only, Secure for prefixed names or https", () => {
    expect(
      clearedNextAuthCookies(['session', 'next-auth.session-token', 'next-auth.pkce.code_verifier', 'theme'], false),
    ).toEqual([
      'next-auth.session-token=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0',
      'next-auth.pkce.code_verifier=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0',
    ]);
    expect(
      clearedNextAuthCookies(['__Host-next-auth.csrf-token', '__Secure-next-auth.session-token.0'], false),
    ).toEqual([
      '__Host-next-auth.csrf-token=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure',
      '__Secure-next-auth.session-token.0=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure',
    ]);
    expect(clearedNextAuthCookies(['next-auth.state'], true)).toEqual([
      'next-auth.state=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure',
    ]);
  });
});

describe('oauthUserName', () => {
  it.each<[string | null | undefined, string, string]>([
    ['Ada Lovelace', 'ada@example.com', 'Ada Lovelace'],
    ['  Ada  ', 'ada@example.com', 'Ada'],
    [null, 'ada.l@example.com', 'ada.l'],
    [undefined, 'ada@example.com', 'ada'],
    ['   ', 'ada@example.com', 'ada'],
    ['y'.repeat(120), 'a@example.com', 'y'.repeat(100)],
  ])('%j, %s → %s', (name, email, expected) => {
    expect(oauthUserName(name, email)).toBe(expected);
  });
});

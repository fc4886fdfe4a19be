// Error codes that reach /login?error=…: next-auth's own, plus ours for an unverified provider email.
export const EMAIL_UNVERIFIED = 'OAuthEmailUnverified';
export const SIGNUP_DOMAIN = 'SignupDomain';
export const SSO_REQUIRED = 'SsoRequired';

const MESSAGES: Record<string, string> = {
  OAuthSignin: 'Could not start the sign-in with the provider. Please try again.',
  OAuthCallback: 'The sign-in with the provider could not be completed. Please try again.',
  OAuthAccountNotLinked: 'This provider account is linked to a different user.',
  OAuthCreateAccount: 'Could not create your account. Please try again.',
  AccessDenied: 'The sign-in was denied.',
  [SSO_REQUIRED]: 'Your organization requires single sign-on: continue with its identity provider.',
  [SIGNUP_DOMAIN]:
    'New accounts on this server are limited to some email domains, and yours is not one of them. Ask an administrator.',
  SessionExpired: 'The sign-in took too long. Please try again.',
};

/** The message shown on the login page for an error code, or null when there is none. */
export function signInErrorMessage(code: string | null | undefined, providerName?: string | null): string | null {
  if (!code) return null;
  if (code === EMAIL_UNVERIFIED) {
    const by = providerName ? ` by ${providerName}` : ' by the provider';
    return `Your email address is not verified${by}. Verify it there, then sign in again.`;
  }
  return MESSAGES[code] ?? 'Sign-in failed. Please try again.';
}

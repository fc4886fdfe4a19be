// Provider credentials and endpoints, read from the environment at request time. The base URLs exist
// so tests (and GitHub Enterprise) can point the sign-in at another server.
function str(name: string): string | undefined {
  const v = process.env[name];
  return v && v.trim() !== '' ? v.trim().replace(/\/+$/, '') : undefined;
}

export type OAuthProviderId = 'github' | 'google' | 'oidc';

export type GitHubSettings = { clientId: string; clientSecret: string; oauthBaseUrl: string; apiBaseUrl: string };
export type GoogleSettings = { clientId: string; clientSecret: string; issuer: string };

export function githubSettings(): GitHubSettings | null {
  const clientId = str('GITHUB_CLIENT_ID');
  const clientSecret = str('GITHUB_CLIENT_SECRET');
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    oauthBaseUrl: str('GITHUB_OAUTH_BASE_URL') ?? 'https://github.com',
    apiBaseUrl: str('GITHUB_API_BASE_URL') ?? 'https://api.github.com',
  };
}

export function googleSettings(): GoogleSettings | null {
  const clientId = str('GOOGLE_CLIENT_ID');
  const clientSecret = str('GOOGLE_CLIENT_SECRET');
  if (!clientId || !clientSecret) return null;
  // Endpoints and signing keys come from the issuer's discovery document.
  return { clientId, clientSecret, issuer: str('GOOGLE_ISSUER') ?? 'https://accounts.google.com' };
}

/**
 * Any OpenID Connect provider (#35: Keycloak, Authentik, Okta, Azure AD, Google Workspace…) by discovery:
 * OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, and OIDC_NAME for the button ("Continue with <name>").
 */
export type OidcSettings = { clientId: string; clientSecret: string; issuer: string; name: string };

export function oidcSettings(): OidcSettings | null {
  const issuer = str('OIDC_ISSUER');
  const clientId = str('OIDC_CLIENT_ID');
  const clientSecret = str('OIDC_CLIENT_SECRET');
  if (!issuer || !clientId || !clientSecret) return null;
  return { issuer, clientId, clientSecret, name: process.env.OIDC_NAME?.trim() || 'SSO' };
}

export const PROVIDER_NAMES: Record<OAuthProviderId, string> = { github: 'GitHub', google: 'Google', oidc: 'SSO' };

/** A provider's display name: the configured OIDC_NAME for the OpenID Connect provider. */
export function providerName(id: OAuthProviderId): string {
  return id === 'oidc' ? (oidcSettings()?.name ?? PROVIDER_NAMES.oidc) : PROVIDER_NAMES[id];
}

/** The providers whose client id and secret are both set, in display order. */
export function enabledProviders(): { id: OAuthProviderId; name: string }[] {
  const out: { id: OAuthProviderId; name: string }[] = [];
  if (githubSettings()) out.push({ id: 'github', name: PROVIDER_NAMES.github });
  if (googleSettings()) out.push({ id: 'google', name: PROVIDER_NAMES.google });
  const oidc = oidcSettings();
  if (oidc) out.push({ id: 'oidc', name: oidc.name });
  return out;
}

import GitHubProvider, { type GithubProfile } from 'next-auth/providers/github';
import GoogleProvider, { type GoogleProfile } from 'next-auth/providers/google';
import type { Provider } from 'next-auth/providers/index';
import { githubSettings, googleSettings, oidcSettings } from './provider-settings';

type GitHubEmail = { email: string; primary: boolean; verified: boolean };

async function githubJson<T>(apiBaseUrl: string, path: string, accessToken: string): Promise<T> {
  const res = await fetch(`${apiBaseUrl}${path}`, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/vnd.github+json', 'User-Agent': 'tracker' },
  });
  if (!res.ok) throw new Error(`GitHub ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The next-auth providers whose client id and secret are set. Both use PKCE and state. */
export function oauthProviders(): Provider[] {
  const providers: Provider[] = [];
  const gh = githubSettings();
  if (gh) {
    providers.push(
      GitHubProvider({
        clientId: gh.clientId,
        clientSecret: gh.clientSecret,
        checks: ['pkce', 'state'],
        allowDangerousEmailAccountLinking: true, // guarded: the signIn callback refuses unverified emails
        authorization: { url: `${gh.oauthBaseUrl}/login/oauth/authorize`, params: { scope: 'read:user user:email' } },
        token: `${gh.oauthBaseUrl}/login/oauth/access_token`,
        userinfo: {
          url: `${gh.apiBaseUrl}/user`,
          async request({ tokens }) {
            const accessToken = tokens.access_token!;
            const user = await githubJson<GithubProfile>(gh.apiBaseUrl, '/user', accessToken);
            const emails = await githubJson<GitHubEmail[]>(gh.apiBaseUrl, '/user/emails', accessToken);
            const primary = emails.find((e) => e.primary);
            // /user/emails is the only place GitHub says whether the (primary) address is verified.
            return {
              ...user,
              name: user.name ?? user.login,
              email: primary?.email,
              email_verified: primary?.verified === true,
            };
          },
        },
        profile(profile: GithubProfile) {
          return {
            id: String(profile.id),
            name: profile.name ?? profile.login,
            email: profile.email,
            image: profile.avatar_url,
          };
        },
      }),
    );
  }
  const google = googleSettings();
  if (google) {
    providers.push(
      GoogleProvider({
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        wellKnown: `${google.issuer}/.well-known/openid-configuration`,
        checks: ['pkce', 'state'],
        allowDangerousEmailAccountLinking: true, // guarded: the signIn callback refuses unverified emails
        profile(profile: GoogleProfile) {
          return { id: profile.sub, name: profile.name, email: profile.email, image: profile.picture };
        },
      }),
    );
  }
  const oidc = oidcSettings();
  if (oidc) {
    providers.push({
      id: 'oidc',
      name: oidc.name,
      type: 'oauth',
      wellKnown: `${oidc.issuer}/.well-known/openid-configuration`,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      // Authorization code flow with PKCE, state and nonce; the ID token is checked against the issuer's keys.
      checks: ['pkce', 'state', 'nonce'],
      idToken: true,
      authorization: { params: { scope: 'openid email profile' } },
      // The profile: the ID token's claims (checked, nonce included) and the userinfo endpoint's, which many
      // providers answer instead of putting email and email_verified in the ID token.
      userinfo: {
        async request({ tokens, client }) {
          // openid-client's TokenSet, whose ID token next-auth has already checked.
          const set = tokens as unknown as { claims(): Record<string, unknown>; access_token?: string };
          const claims = set.claims();
          const info = set.access_token ? await client.userinfo(set.access_token) : {};
          return { ...claims, ...info, sub: String(claims.sub) };
        },
      },
      allowDangerousEmailAccountLinking: true, // guarded: the signIn callback refuses unverified emails
      profile(profile: Record<string, unknown>) {
        const email = typeof profile.email === 'string' ? profile.email : null;
        const name = [profile.name, profile.preferred_username, email].find(
          (v) => typeof v === 'string' && v !== '',
        ) as string | undefined;
        return {
          id: String(profile.sub),
          name: name ?? 'SSO user',
          email,
          image: typeof profile.picture === 'string' ? profile.picture : null,
        };
      },
    });
  }
  return providers;
}

/** Whether the provider vouches for the email it reported (GitHub: primary+verified; Google: the `email_verified` claim). */
export function providerEmailVerified(provider: string, profile: Record<string, unknown> | undefined): boolean {
  if (!profile || typeof profile.email !== 'string' || profile.email === '') return false;
  // GitHub (from /user/emails), Google and any OpenID Connect provider (the email_verified claim).
  if (provider === 'github' || provider === 'google' || provider === 'oidc')
    return profile.email_verified === true || profile.email_verified === 'true';
  return false;
}

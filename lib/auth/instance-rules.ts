// Rules a self-hoster sets for the whole instance (#35): SIGNUP_ALLOWED_DOMAINS (only addresses at these domains may
// create accounts, by password or through a provider), PASSWORD_SIGNIN=false (single sign-on only: the password,
// passcode and reset routes answer 403 and the pages hide them), and SSO_AUTO_JOIN_ORG (the slug of an organization
// that a person signing in through the OpenID Connect provider with an address at an allowed domain joins as MEMBER).
import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { oidcSettings } from './oauth/provider-settings';

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);

/** The domains accounts may be created at, or null when any may. */
export function signupDomains(): string[] | null {
  const d = list(process.env.SIGNUP_ALLOWED_DOMAINS);
  return d.length ? d : null;
}

export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** Whether an account may be created for `email`. */
export function signupAllowed(email: string): boolean {
  const d = signupDomains();
  return d === null || d.includes(domainOf(email));
}

export function signupDomainMessage(): string {
  return `New accounts are limited to email addresses at ${(signupDomains() ?? []).join(', ')}`;
}

/** PASSWORD_SIGNIN=false turns password, passcode and password-reset sign-in off. */
export function passwordSignInEnabled(): boolean {
  return process.env.PASSWORD_SIGNIN?.trim().toLowerCase() !== 'false';
}

export function passwordOffMessage(): string {
  const sso = oidcSettings();
  return `Password sign-in is turned off on this server: continue with ${sso?.name ?? 'your identity provider'}`;
}

/** For the password, passcode and reset routes: 403 with the reason when password sign-in is off. */
export function assertPasswordSignIn(): void {
  if (!passwordSignInEnabled())
    throw new AppError('FORBIDDEN', passwordOffMessage(), undefined, undefined, 'password_signin_off');
}

/** For registration: password sign-in on, and the address at an allowed domain. */
export function assertSignupAllowed(email: string): void {
  assertPasswordSignIn();
  if (!signupAllowed(email))
    throw new AppError('FORBIDDEN', signupDomainMessage(), undefined, undefined, 'signup_domain');
}

/**
 * After a sign-in through the OpenID Connect provider: with SSO_AUTO_JOIN_ORG set and the address at an allowed
 * domain (SIGNUP_ALLOWED_DOMAINS must list it), the person joins that organization as MEMBER (once).
 */
export async function autoJoin(userId: string, email: string): Promise<void> {
  const slug = process.env.SSO_AUTO_JOIN_ORG?.trim();
  const domains = signupDomains();
  if (!slug || !domains || !domains.includes(domainOf(email))) return;
  const org = await db.organization.findUnique({ where: { slug }, select: { id: true } });
  if (!org) return;
  await db.membership.upsert({
    where: { orgId_userId: { orgId: org.id, userId } },
    create: { orgId: org.id, userId, role: 'MEMBER' },
    update: {},
  });
}

/** The organization of `userId` that requires single sign-on (when the server has a provider), or null. */
export async function ssoRequiredBy(userId: string): Promise<{ orgName: string; providerName: string } | null> {
  const sso = oidcSettings();
  if (!sso) return null;
  const requiring = await db.membership.findFirst({
    where: { userId, organization: { requireSso: true } },
    select: { organization: { select: { name: true } } },
  });
  return requiring ? { orgName: requiring.organization.name, providerName: sso.name } : null;
}

/**
 * An organization may require single sign-on: its members sign in through the OpenID Connect provider only. A
 * password or passcode sign-in (and one through another provider, auth-options.ts) is refused with the way in:
 * continuing with the provider links the account by its verified email. Linked or not, the other ways stay shut, so
 * someone removed at the provider is out.
 */
export async function assertSsoNotRequired(userId: string): Promise<void> {
  const required = await ssoRequiredBy(userId);
  if (required) throw new AppError('FORBIDDEN', ssoRequiredMessage(required), undefined, undefined, 'sso_required');
}

export function ssoRequiredMessage(r: { orgName: string; providerName: string }): string {
  return `${r.orgName} requires single sign-on: continue with ${r.providerName} (your account is linked by its verified email)`;
}

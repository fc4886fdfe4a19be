// The organization of a Sentry path (`/organizations/{org}/…`, `/projects/{org}/…`) and how Sentry shows it.
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import type { Role } from '@/lib/orgs/roles';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { sentryScopesOf } from './scopes';

/** Sentry's answers, word for word: sentry-cli and the other clients print `detail`. */
export const SENTRY_NOT_FOUND = 'The requested resource does not exist';
export const SENTRY_FORBIDDEN = 'You do not have permission to perform this action.';
export const sentryNotFound = () => new AppError('NOT_FOUND', SENTRY_NOT_FOUND);

const orgSelect = {
  id: true,
  name: true,
  slug: true,
  createdAt: true,
  requireTwoFactor: true,
  requireSso: true,
  requireScrubbing: true,
} as const;
export type SentryOrg = { id: string; name: string; slug: string; createdAt: Date } & {
  requireTwoFactor: boolean;
  requireSso: boolean;
  requireScrubbing: boolean;
};

/**
 * The caller's organization named by slug (or id) in the path. Another organization that exists is 403, as Sentry
 * answers a token of another organization; one that does not exist is 404 (docs/api-compat.md).
 */
export async function sentryOrg(tenant: OrgTenant, idOrSlug: string): Promise<SentryOrg> {
  const org = await db.organization.findUnique({ where: { id: tenant.orgId }, select: orgSelect });
  if (org && (org.slug === idOrSlug || org.id === idOrSlug)) return org;
  const other = await db.organization.findFirst({
    where: { OR: [{ slug: idOrSlug }, { id: idOrSlug }] },
    select: { id: true },
  });
  if (other) throw new AppError('FORBIDDEN', SENTRY_FORBIDDEN);
  throw sentryNotFound();
}

/** Sentry's role names: our ADMIN is Sentry's admin, OWNER and MEMBER the same. */
export const sentryRole = (role: Role) => role.toLowerCase();

/**
 * What a role may do, in Sentry's scope names (the `access` lists): a member reads everything and works on issues
 * and releases; deleting issues and changing the organization's settings take an ADMIN.
 */
export function accessOf(role: Role): string[] {
  if (role !== 'MEMBER') return sentryScopesOf(['read', 'write', 'releases']);
  return [...sentryScopesOf(['read', 'releases']), 'event:write'].sort();
}

const LETTER_AVATAR = { avatarType: 'letter_avatar', avatarUuid: null, avatarUrl: null };

/** The list item (OrganizationSerializer). */
export function serializeOrganization(o: SentryOrg) {
  return {
    id: o.id,
    slug: o.slug,
    status: { id: 'active', name: 'active' },
    name: o.name,
    dateCreated: o.createdAt.toISOString(),
    isEarlyAdopter: false,
    require2FA: o.requireTwoFactor,
    requireEmailVerification: false,
    avatar: LETTER_AVATAR,
    features: [],
    links: { organizationUrl: env.appUrl, regionUrl: env.appUrl },
    hasAuthProvider: o.requireSso,
    allowMemberInvite: false,
    allowMemberProjectCreation: false,
    allowSuperuserAccess: false,
  };
}

/** The details: the list item, the caller's role and access, and the organization's privacy settings. */
export function serializeOrganizationDetails(o: SentryOrg, role: Role) {
  return {
    ...serializeOrganization(o),
    requiresSso: o.requireSso,
    access: accessOf(role),
    role: sentryRole(role),
    orgRole: sentryRole(role),
    isDefault: false,
    defaultRole: 'member',
    openMembership: true,
    allowSharedIssues: false,
    enhancedPrivacy: false,
    dataScrubber: o.requireScrubbing,
    dataScrubberDefaults: o.requireScrubbing,
    sensitiveFields: [],
    safeFields: [],
    scrubIPAddresses: false,
    pendingAccessRequests: 0,
  };
}

/** The organizations a caller may read: a token's own; a person's, each they are a member of. */
export async function listSentryOrganizations(tenant: OrgTenant) {
  const rows = tenant.userId
    ? await db.organization.findMany({
        where: { memberships: { some: { userId: tenant.userId } } },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        select: orgSelect,
      })
    : await db.organization.findMany({ where: { id: tenant.orgId }, select: orgSelect });
  return rows.map(serializeOrganization);
}

// Who a management API request acts for, and the route specs every /api/0 management endpoint shares.
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { SENTRY_ARRAY_PARAMS, sentryOrgParams } from '@/lib/zod/sentry-api';

/** Organization scope, tokens by method (`read` for GET, `write` for the rest), Sentry's `{ "detail" }` errors. */
export const sentrySpec = {
  auth: 'session',
  scope: 'organization',
  tokens: 'default',
  sentryErrors: 'detail-only',
  params: sentryOrgParams,
  queryArrays: SENTRY_ARRAY_PARAMS,
} as const;

/**
 * The person a request acts for: the signed-in one, or the person who created the token (a token acts with its
 * owner's role; its marks on issues, seen and bookmarked, are its owner's).
 */
export async function personOf(tenant: OrgTenant): Promise<string | null> {
  if (tenant.userId) return tenant.userId;
  if (!tenant.tokenId) return null;
  const token = await db.apiToken.findUnique({ where: { id: tenant.tokenId }, select: { createdById: true } });
  return token?.createdById ?? null;
}

/** The token's own scopes (null for a signed-in person). */
export async function tokenScopesOf(tenant: OrgTenant): Promise<string[] | null> {
  if (!tenant.tokenId) return null;
  const token = await db.apiToken.findUnique({ where: { id: tenant.tokenId }, select: { scopes: true } });
  return token?.scopes ?? [];
}

/** The request's URL as its client reached us (APP_URL's origin), for the `Link` headers a client follows. */
export function publicUrl(req: Request): string {
  const u = new URL(req.url);
  return `${env.appOrigin}${u.pathname}${u.search}`;
}

// #63: a grant is one client authorized by one person for one organization. Its principal is an API token row (never
// usable as a bearer itself: its hash is of a secret nobody is given) so the MCP tools, the audit log and the
// owner-left and two-factor rules treat an OAuth client exactly as a token. Access and refresh tokens are kept as
// sha256; the refresh tokens of a grant are one family, and revoking the grant ends them all.
import { db, type Tx } from '@/lib/db';
import { clock } from '@/lib/clock';
import { randomToken, sha256 } from '@/lib/auth/tokens';
import { recordAudit } from '@/lib/audit/record-audit';
import { forgetApiToken } from '@/lib/api-tokens/resolve-api-token';
import { notFound } from '@/lib/errors';
import { ACCESS_TOKEN_PREFIX, ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_PREFIX, REFRESH_TOKEN_TTL_MS } from './config';

export type TokenPair = {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
};

/** A new access token and refresh token of the grant (RFC 6749 §5.1). */
export async function issueTokens(tx: Tx, grant: { id: string; scopes: string[] }): Promise<TokenPair> {
  const access = `${ACCESS_TOKEN_PREFIX}${randomToken(32)}`;
  const refresh = `${REFRESH_TOKEN_PREFIX}${randomToken(32)}`;
  const now = clock.now().getTime();
  await tx.oAuthToken.createMany({
    data: [
      { tokenHash: sha256(access), grantId: grant.id, kind: 'access', expiresAt: new Date(now + ACCESS_TOKEN_TTL_MS) },
      {
        tokenHash: sha256(refresh),
        grantId: grant.id,
        kind: 'refresh',
        expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS),
      },
    ],
  });
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_MS / 1000,
    refresh_token: refresh,
    scope: grant.scopes.join(' '),
  };
}

/** The grant a code's exchange makes, with its principal token, written to the organization's audit log. */
export async function createGrant(
  tx: Tx,
  code: { clientId: string; userId: string; orgId: string; scopes: string[] },
): Promise<{ id: string; scopes: string[] }> {
  const client = await tx.oAuthClient.findUniqueOrThrow({ where: { id: code.clientId } });
  const user = await tx.user.findUniqueOrThrow({ where: { id: code.userId }, select: { email: true } });
  const principal = await tx.apiToken.create({
    data: {
      orgId: code.orgId,
      name: `${client.name} (OAuth)`.slice(0, 120),
      scopes: code.scopes,
      tokenHash: sha256(`oauth-principal:${randomToken(32)}`),
      tokenHint: 'oauth',
      createdById: code.userId,
    },
  });
  const grant = await tx.oAuthGrant.create({
    data: {
      clientId: client.id,
      userId: code.userId,
      orgId: code.orgId,
      apiTokenId: principal.id,
      scopes: code.scopes,
    },
  });
  await recordAudit(tx, {
    orgId: code.orgId,
    action: 'oauth.authorized',
    target: { type: 'oauth_grant', id: grant.id, label: client.name },
    changes: { scopes: code.scopes, clientId: client.id },
    actor: { userId: code.userId, userEmail: user.email, tokenId: undefined },
  });
  return grant;
}

/** Ends a grant and every token of it; `reason` says why in the audit log (the person, or a reused token). */
export async function endGrant(tx: Tx, grantId: string, reason: 'revoked' | 'refresh_token_reused' | 'code_reused') {
  const now = clock.now();
  const grant = await tx.oAuthGrant.findUnique({ where: { id: grantId }, include: { client: true, apiToken: true } });
  if (!grant) return;
  await tx.oAuthToken.deleteMany({ where: { grantId } });
  if (grant.revokedAt) return;
  await tx.oAuthGrant.update({ where: { id: grantId }, data: { revokedAt: now } });
  await tx.apiToken.update({ where: { id: grant.apiTokenId }, data: { revokedAt: now } });
  forgetApiToken(grant.apiToken.tokenHash);
  await recordAudit(tx, {
    orgId: grant.orgId,
    action: 'oauth.revoked',
    target: { type: 'oauth_grant', id: grant.id, label: grant.client.name },
    changes: { reason },
  });
}

const serialize = (g: {
  id: string;
  scopes: string[];
  createdAt: Date;
  revokedAt: Date | null;
  client: { name: string };
  organization: { id: string; name: string };
  apiToken: { lastUsedAt: Date | null };
}) => ({
  id: g.id,
  clientName: g.client.name,
  organization: { id: g.organization.id, name: g.organization.name },
  scopes: g.scopes,
  createdAt: g.createdAt.toISOString(),
  lastUsedAt: g.apiToken.lastUsedAt?.toISOString() ?? null,
  revokedAt: g.revokedAt?.toISOString() ?? null,
});
export type OAuthGrantView = ReturnType<typeof serialize>;

const VIEW = { client: { select: { name: true } }, organization: true, apiToken: { select: { lastUsedAt: true } } };

/** The person's grants, newest first (revoked ones too, marked). */
export async function listGrants(userId: string): Promise<OAuthGrantView[]> {
  const rows = await db.oAuthGrant.findMany({
    where: { userId },
    include: VIEW,
    orderBy: { createdAt: 'desc' },
    take: 200,
  });
  return rows.map(serialize);
}

/** Revokes one of the person's grants (someone else's id: 404); revoking twice keeps the first time. */
export async function revokeGrant(userId: string, grantId: string): Promise<OAuthGrantView> {
  const found = await db.oAuthGrant.findFirst({ where: { id: grantId, userId }, select: { id: true } });
  if (!found) throw notFound('OAuth grant');
  await db.$transaction((tx) => endGrant(tx, grantId, 'revoked'));
  return serialize(await db.oAuthGrant.findUniqueOrThrow({ where: { id: grantId }, include: VIEW }));
}

import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { randomToken, sha256 } from '@/lib/auth/tokens';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import type { CreateApiTokenInput } from './scopes';
import { serializeApiToken } from './serialize-api-token';
import { API_TOKEN_PREFIX } from './resolve-api-token';

/** Creates an organization token; the plain token is returned here once and only its sha256 is kept. */
export async function createApiToken(tenant: OrgTenant, input: CreateApiTokenInput) {
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const row = await db.$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: {
        orgId: tenant.orgId,
        name: input.name,
        scopes: input.scopes,
        tokenHash: sha256(token),
        tokenHint: token.slice(0, 8),
        createdById: tenant.userId,
      },
    });
    await recordAudit(tx, {
      orgId: tenant.orgId,
      action: 'token.created',
      target: { type: 'token', id: created.id, label: created.name },
      changes: { scopes: created.scopes },
    });
    return created;
  });
  return { ...serializeApiToken(row), token };
}

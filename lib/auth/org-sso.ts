// An organization's single sign-on requirement (#35): OWNER turns it on once the server has an OpenID Connect
// provider; its members then sign in through it (lib/auth/instance-rules.ts, assertSsoNotRequired).
import { z } from 'zod';
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { validationError } from '@/lib/errors';
import { oidcSettings } from './oauth/provider-settings';
import { passwordSignInEnabled, signupDomains } from './instance-rules';

export const updateOrgSsoSchema = z.object({ requireSso: z.boolean({ message: 'requireSso must be true or false' }) });

export async function getOrgSso(orgId: string, userId: string | null) {
  const org = await db.organization.findUniqueOrThrow({ where: { id: orgId }, select: { requireSso: true } });
  const sso = oidcSettings();
  const linked =
    userId && sso
      ? Boolean(await db.account.findFirst({ where: { userId, provider: 'oidc' }, select: { id: true } }))
      : false;
  return {
    /** Whether the server has an OpenID Connect provider (OIDC_ISSUER and its client). */
    available: sso !== null,
    providerName: sso?.name ?? null,
    requireSso: org.requireSso,
    /** Whether the caller's account is linked to the provider. */
    linked,
    passwordSignIn: passwordSignInEnabled(),
    signupDomains: signupDomains(),
  };
}

export async function updateOrgSso(orgId: string, userId: string | null, requireSso: boolean) {
  if (requireSso && !oidcSettings())
    throw validationError([
      {
        path: ['requireSso'],
        message:
          'This server has no single sign-on provider: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET first',
      },
    ]);
  // The OWNER turning it on must be able to come back in through the provider.
  if (requireSso && !(await getOrgSso(orgId, userId)).linked) {
    throw validationError([
      {
        path: ['requireSso'],
        message: `Sign in with ${oidcSettings()!.name} once first: your own account is not linked to it yet`,
      },
    ]);
  }
  await db.$transaction(async (tx) => {
    const [before] = await tx.$queryRaw<{ require_sso: boolean; name: string }[]>`
      SELECT require_sso, name FROM organizations WHERE id = ${orgId} FOR UPDATE`;
    if (!before || before.require_sso === requireSso) return;
    await tx.organization.update({ where: { id: orgId }, data: { requireSso } });
    await recordAudit(tx, {
      orgId,
      action: 'org.sso_changed',
      target: { type: 'organization', id: orgId, label: before.name },
      changes: { requireSso: { from: before.require_sso, to: requireSso } },
    });
  });
  return getOrgSso(orgId, userId);
}

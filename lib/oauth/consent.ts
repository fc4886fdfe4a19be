// #63: what the consent form decides. The person signed in picks one of their organizations and read or write (write
// only when the client asked for it); allowed, the client gets a code; denied, access_denied. A request that cannot be
// trusted to redirect is refused here and shown on the consent page.
import { db } from '@/lib/db';
import { AppError, notFound } from '@/lib/errors';
import type { z } from 'zod';
import type { consentFormSchema } from '@/lib/zod/oauth';
import { checkAuthorization, clientRedirect, issueCode } from './authorize';

export async function decideConsent(userId: string, form: z.infer<typeof consentFormSchema>): Promise<string> {
  const { orgId, access, decision, ...request } = form;
  const check = await checkAuthorization(request);
  if (!check.ok) {
    if (check.redirect) return check.redirect;
    throw new AppError('BAD_REQUEST', check.message);
  }
  const valid = check.request;
  if (decision === 'deny')
    return clientRedirect(valid.redirectUri, {
      error: 'access_denied',
      error_description: 'The person declined',
      state: valid.state,
    });
  const member = await db.membership.findUnique({
    where: { orgId_userId: { orgId, userId } },
    select: { orgId: true },
  });
  if (!member) throw notFound('Organization');
  const scopes = access === 'write' && valid.scopes.includes('write') ? valid.scopes : (['read'] as const);
  return issueCode(valid, { userId, orgId, scopes: [...scopes] });
}

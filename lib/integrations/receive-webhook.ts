// Two-way status, their side (#64): a provider's webhook about a linked ticket. In order: the integration named in
// the URL (404), its signature or token (401), the replay window (400), the body (400), the delivery not seen before
// (400), then the event: one we do not act on is 200 and ignored; a ticket no issue of this integration links to is
// 404; a closed ticket resolves its issue, a reopened one unresolves it (200). An integration's webhook reaches only
// that integration's links, so another organization's webhook never touches our issues.
import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { updateIssueStatus } from '@/lib/issues/update-issue-status';
import { loadIntegration, openSecrets, type IntegrationRow } from './connections';
import { providerOf } from './registry';
import type { InboundWebhook, IntegrationProvider } from './provider';

export type WebhookTarget = { row: IntegrationRow; provider: IntegrationProvider };

/** The integration a webhook URL names, before its body is read: unknown, or a provider without webhooks, is 404. */
export async function webhookTarget(integrationId: string): Promise<WebhookTarget> {
  const row = integrationId.length <= 100 ? await loadIntegration(integrationId) : null;
  const provider = row ? providerOf(row.provider) : undefined;
  if (!row || !provider?.webhook) throw new AppError('NOT_FOUND', 'Integration not found');
  return { row, provider };
}

/** Records the delivery id; false when it was recorded before (a replay). */
async function firstDelivery(integrationId: string, deliveryId: string): Promise<boolean> {
  const made = await db.integrationWebhookReceipt.createMany({
    data: [{ integrationId, deliveryId: deliveryId.slice(0, 200) }],
    skipDuplicates: true,
  });
  return made.count === 1;
}

export async function receiveWebhook(target: WebhookTarget, req: InboundWebhook): Promise<{ message: string }> {
  const { row, provider } = target;
  const hooks = provider.webhook!;
  const check = hooks.verify(req, openSecrets(row) as never);
  if (!check.ok) throw new AppError(check.status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST', check.message);
  let event;
  try {
    event = hooks.parse(req);
  } catch {
    throw new AppError('BAD_REQUEST', 'Malformed webhook body');
  }
  if (event.deliveryId && !(await firstDelivery(row.id, event.deliveryId)))
    throw new AppError('BAD_REQUEST', 'Delivery already received');
  try {
    return await apply(row, event);
  } catch (err) {
    // Not applied: the provider's retry of this delivery must not be taken for a replay.
    if (event.deliveryId)
      await db.integrationWebhookReceipt.deleteMany({ where: { integrationId: row.id, deliveryId: event.deliveryId } });
    throw err;
  }
}

async function apply(row: IntegrationRow, event: ReturnType<NonNullable<IntegrationProvider['webhook']>['parse']>) {
  if (event.kind === 'ignored') return { message: `Ignored: ${event.reason}` };
  const link = await db.externalIssue.findFirst({
    where: { integrationId: row.id, externalId: event.externalId, status: 'linked' },
    select: { id: true, state: true, issue: { select: { id: true, projectId: true, status: true } } },
  });
  if (!link) throw new AppError('NOT_FOUND', 'No issue is linked to this ticket');
  // The link's state first: the RESOLVED this causes must not send the provider a close it just did itself.
  await db.externalIssue.update({ where: { id: link.id }, data: { state: event.state } });
  const t = { orgId: row.orgId, projectId: link.issue.projectId, userId: null, role: 'ADMIN' as const };
  if (event.state === 'closed' && link.issue.status !== 'RESOLVED') {
    await updateIssueStatus({ t, issueId: link.issue.id, status: 'RESOLVED' });
    return { message: 'Issue resolved' };
  }
  if (event.state === 'open' && link.issue.status === 'RESOLVED') {
    await updateIssueStatus({ t, issueId: link.issue.id, status: 'UNRESOLVED' });
    return { message: 'Issue reopened' };
  }
  return { message: 'No change' };
}

/** How long a delivery id is remembered against replays (Linear's also carry a one-minute timestamp window). */
const RECEIPT_DAYS = 30;

/** The minute job's sweep of receipts past their days. */
export async function pruneWebhookReceipts(): Promise<void> {
  await db.integrationWebhookReceipt.deleteMany({
    where: { receivedAt: { lt: new Date(Date.now() - RECEIPT_DAYS * 24 * 3600_000) } },
  });
}

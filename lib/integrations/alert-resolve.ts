// Paging resolves what it triggered (#64): an issue resolved here resolves its PagerDuty incident and closes its
// Opsgenie alert, by the same dedup_key / alias, once per integration that alerted for it. Jobs are keyed on the
// workflow event, so a retried event queues nothing twice.
import crypto from 'node:crypto';
import { db } from '@/lib/db';
import type { WorkflowHandler } from '@/lib/workflow/workflow-events';
import { enqueueTicketJobs, wakeTicketWorkers } from './deliveries';
import { providerOf } from './registry';

function jobId(eventId: string, integrationId: string): string {
  const h = crypto.createHash('sha256').update(`resolve:${eventId}:${integrationId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const alertResolve: WorkflowHandler = {
  name: 'paging resolve',
  on: ['RESOLVED'],
  run: async (event) => {
    const alerted = await db.integrationDelivery.findMany({
      where: { issueId: event.issueId, action: 'alert', success: true },
      select: { integrationId: true, integration: { select: { provider: true } } },
      distinct: ['integrationId'],
    });
    const paging = alerted.filter((d) => providerOf(d.integration.provider)?.kind === 'paging');
    if (!paging.length) return;
    await enqueueTicketJobs(
      paging.map((d) => ({
        id: jobId(event.id ?? crypto.randomUUID(), d.integrationId),
        action: 'resolve_alert',
        integrationId: d.integrationId,
        issueId: event.issueId,
        linkId: null,
        attempt: 0,
      })),
    );
    wakeTicketWorkers();
  },
};

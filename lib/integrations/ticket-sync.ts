// Two-way status, our side (#64): an issue resolved here closes its linked tickets (a done transition in Jira, the
// completed state in Linear), and a regression reopens them. One job per ticket whose state differs, keyed on the
// workflow event, so a retried event queues nothing twice; a ticket the provider's webhook just closed (which is
// what resolved the issue) is already closed and gets no call.
import crypto from 'node:crypto';
import { db } from '@/lib/db';
import type { WorkflowHandler } from '@/lib/workflow/workflow-events';
import { enqueueTicketJobs, wakeTicketWorkers } from './deliveries';

/** A UUID made from the event and the link: pg-boss keeps one job per id. */
function jobId(eventId: string, linkId: string): string {
  const h = crypto.createHash('sha256').update(`${eventId}:${linkId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const ticketSync: WorkflowHandler = {
  name: 'ticket sync',
  on: ['RESOLVED', 'REGRESSED'],
  run: async (event) => {
    const state = event.type === 'RESOLVED' ? 'closed' : 'open';
    const links = await db.externalIssue.findMany({
      where: { issueId: event.issueId, status: 'linked', NOT: { state } },
      select: { id: true, integrationId: true },
    });
    if (!links.length) return;
    await enqueueTicketJobs(
      links.map((l) => ({
        id: jobId(event.id ?? crypto.randomUUID(), l.id),
        action: state === 'closed' ? 'close_ticket' : 'reopen_ticket',
        integrationId: l.integrationId,
        issueId: event.issueId,
        linkId: l.id,
        attempt: 0,
      })),
    );
    wakeTicketWorkers();
  },
};

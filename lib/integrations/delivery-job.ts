// The worker of the integration-delivery queue (#64): one call to an issue tracker per job, through the provider's
// official client, logged in the delivery log, retried by attemptDelivery. A job whose integration, issue or link
// is gone (disconnected, deleted, unlinked meanwhile) has nothing left to do.
import { db } from '@/lib/db';
import { AppError, prismaErrorCode } from '@/lib/errors';
import { connectionOf, loadIntegration, providerOfRow, type IntegrationRow } from './connections';
import { runAlertJob } from './alert-job';
import { runMetricAlertJob } from './metric-alert-job';
import { attemptDelivery } from './deliveries';
import type { Ticket, TicketState } from './provider';
import { providerOf } from './registry';
import { describeProject } from './serialize';
import { ticketDraft } from './ticket-content';
import type { TicketJob } from './ticket-job';

type Link = { id: string; status: string; key: string | null; externalId: string | null; state: string | null };
const linkSelect = { id: true, status: true, key: true, externalId: true, state: true } as const;

/** An alert rule's ticket: the row is made by the first attempt, unless the issue already has one in this tracker. */
async function alertLink(integrationId: string, issueId: string): Promise<Link | null> {
  const made = await db.externalIssue.createMany({
    data: [{ integrationId, issueId, status: 'pending' }],
    skipDuplicates: true,
  });
  if (!made.count) return null;
  return db.externalIssue.findUnique({
    where: { issueId_integrationId: { issueId, integrationId } },
    select: linkSelect,
  });
}

async function projectSettings(row: IntegrationRow, projectId: string) {
  const settings = await db.integrationProject.findUnique({
    where: { integrationId_projectId: { integrationId: row.id, projectId } },
    select: { config: true, project: { select: { name: true } } },
  });
  return settings;
}

export async function runIntegrationJob(input: TicketJob): Promise<void> {
  const row = await loadIntegration(input.integrationId);
  if (!row) return;
  if (input.metric) return runMetricAlertJob(input, row);
  const issue = await db.issue.findFirst({
    where: { id: input.issueId, project: { orgId: row.orgId } },
    select: { id: true, projectId: true },
  });
  if (!issue) return;
  // Chat and paging keep no ticket: their own branch (an alert rule's create_ticket there is its alert).
  if (providerOf(row.provider)?.notifier) return runAlertJob(input, row, issue);
  const link = input.linkId
    ? await db.externalIssue.findFirst({
        where: { id: input.linkId, integrationId: row.id, issueId: issue.id },
        select: linkSelect,
      })
    : input.attempt === 0
      ? await alertLink(row.id, issue.id)
      : null;
  if (!link) return;
  const job: TicketJob = { ...input, linkId: link.id };
  if (job.action === 'close_ticket' || job.action === 'reopen_ticket') return changeState(job, row, link);
  if (link.status === 'linked') return;
  const settings = await projectSettings(row, issue.projectId);
  const result = await attemptDelivery(job, {
    target: settings ? describeProject(providerOfRow(row), settings.config) || null : null,
    call: async () => {
      const { provider, connection } = connectionOf(row);
      const tracker = await provider.tracker?.();
      if (!tracker) throw new AppError('BAD_REQUEST', `${provider.name} does not keep tickets`);
      const project = settings ? provider.project?.schema.parse(settings.config) : null;
      if (job.action === 'link_ticket')
        return tracker.getTicket({ connection, project: project ?? null, reference: job.reference ?? '' });
      if (!project)
        throw new AppError(
          'BAD_REQUEST',
          `This project has no settings in ${row.name}: choose where its tickets go first`,
        );
      return tracker.createTicket({ connection, project, draft: await ticketDraft(issue.id) });
    },
  });
  if (result.ok) await linked(link.id, result.value);
  else
    await db.externalIssue.update({
      where: { id: link.id },
      data: { status: result.retrying ? 'pending' : 'failed', error: result.message },
    });
}

/** The link now names its ticket; a ticket another issue already links to in this integration is refused. */
async function linked(linkId: string, t: Ticket): Promise<void> {
  const ticket = { externalId: t.externalId, key: t.key, url: t.url, title: t.title.slice(0, 500), state: t.state };
  try {
    await db.externalIssue.update({ where: { id: linkId }, data: { status: 'linked', error: null, ...ticket } });
  } catch (err) {
    if (prismaErrorCode(err) !== 'P2002') throw err;
    await db.externalIssue.update({
      where: { id: linkId },
      data: { status: 'failed', error: `${t.key} is already linked to another issue` },
    });
  }
}

async function changeState(job: TicketJob, row: IntegrationRow, link: Link): Promise<void> {
  const state: TicketState = job.action === 'close_ticket' ? 'closed' : 'open';
  if (link.status !== 'linked' || !link.externalId || !link.key || link.state === state) return;
  const ticket = { externalId: link.externalId, key: link.key };
  const result = await attemptDelivery(job, {
    target: link.key,
    call: async () => {
      const { provider, connection } = connectionOf(row);
      const tracker = await provider.tracker?.();
      if (!tracker) throw new AppError('BAD_REQUEST', `${provider.name} does not keep tickets`);
      await tracker.setTicketState({ connection, ticket, state });
    },
  });
  await db.externalIssue.update({
    where: { id: link.id },
    data: result.ok ? { state, error: null } : { error: result.message },
  });
}

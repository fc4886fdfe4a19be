// An issue's tickets (#64): the ones linked, creating one or linking an existing one from the issue page (the call
// itself runs on the job queue: the link is `pending` until the provider answers), and unlinking. Every query is
// scoped to the caller's project and organization.
import type { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { withPgTransaction } from '@/lib/pg';
import { AppError, notFound, validationError } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import type { ExternalIssueInput } from '@/lib/zod/integrations';
import { enqueueTicketJobs, wakeTicketWorkers } from './deliveries';
import { providerOf } from './registry';
import { assertKeyConfigured } from './secret-box';
import { describeProject } from './serialize';

const select = {
  id: true,
  integrationId: true,
  status: true,
  key: true,
  url: true,
  title: true,
  state: true,
  error: true,
  createdAt: true,
  updatedAt: true,
  integration: { select: { name: true, provider: true } },
} satisfies Prisma.ExternalIssueSelect;

type Row = Prisma.ExternalIssueGetPayload<{ select: typeof select }>;

export function serializeExternalIssue(r: Row) {
  return {
    id: r.id,
    integrationId: r.integrationId,
    integrationName: r.integration.name,
    provider: r.integration.provider,
    providerName: providerOf(r.integration.provider)?.name ?? r.integration.provider,
    status: r.status,
    key: r.key,
    url: r.url,
    title: r.title,
    state: r.state,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function issueOf(t: ProjectTenant, issueId: string) {
  const issue = await db.issue.findFirst({
    where: { id: issueId, projectId: t.projectId, project: { orgId: t.orgId } },
    select: { id: true },
  });
  if (!issue) throw notFound('Issue');
  return issue;
}

export async function listExternalIssues(t: ProjectTenant, issueId: string) {
  const issue = await issueOf(t, issueId);
  const rows = await db.externalIssue.findMany({
    where: { issueId: issue.id },
    select,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(serializeExternalIssue);
}

/** The issue trackers of the organization and where each puts this project's tickets (null: not set up yet). */
export async function projectTrackers(t: ProjectTenant) {
  const rows = await db.integration.findMany({
    where: { orgId: t.orgId },
    select: {
      id: true,
      name: true,
      provider: true,
      projects: { where: { projectId: t.projectId }, select: { config: true } },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.flatMap((r) => {
    const provider = providerOf(r.provider);
    if (!provider?.tracker) return [];
    const settings = r.projects[0];
    return [
      {
        id: r.id,
        name: r.name,
        provider: r.provider,
        providerName: provider.name,
        target: settings ? describeProject(provider, settings.config) : null,
      },
    ];
  });
}

/**
 * Creates a ticket or links an existing one: a `pending` link and its job, in one transaction (202). A link that
 * failed is tried again; one pending or linked in this tracker already is a 409.
 */
export async function requestTicket(t: ProjectTenant, issueId: string, input: ExternalIssueInput) {
  const issue = await issueOf(t, issueId);
  const integration = await db.integration.findFirst({
    where: { id: input.integrationId, orgId: t.orgId },
    select: {
      id: true,
      name: true,
      provider: true,
      projects: { where: { projectId: t.projectId }, select: { config: true } },
    },
  });
  if (!integration) throw notFound('Integration');
  const provider = providerOf(integration.provider);
  if (!provider?.tracker)
    throw validationError([{ path: ['integrationId'], message: `${integration.name} does not keep tickets` }]);
  if (input.action === 'create' && !integration.projects.length)
    throw validationError([
      {
        path: ['integrationId'],
        message: `Choose where ${integration.name} puts this project's tickets first (Settings → Integrations)`,
      },
    ]);
  assertKeyConfigured();
  const linkId = await withPgTransaction(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO external_issues (integration_id, issue_id, status, created_by_id) VALUES ($1, $2, 'pending', $3)
       ON CONFLICT (issue_id, integration_id) DO UPDATE
         SET status = 'pending', error = NULL, external_id = NULL, key = NULL, url = NULL, title = NULL, state = NULL,
             created_by_id = EXCLUDED.created_by_id, updated_at = now()
         WHERE external_issues.status = 'failed'
       RETURNING id`,
      [integration.id, issue.id, t.userId],
    );
    if (!rows.length)
      throw new AppError('CONFLICT', `This issue already has a ticket in ${integration.name}; unlink it first`);
    await enqueueTicketJobs(
      [
        {
          action: input.action === 'create' ? 'create_ticket' : 'link_ticket',
          integrationId: integration.id,
          issueId: issue.id,
          linkId: rows[0].id,
          ...(input.action === 'link' ? { reference: input.reference } : {}),
          attempt: 0,
        },
      ],
      client,
    );
    return rows[0].id;
  });
  wakeTicketWorkers();
  return serializeExternalIssue(await db.externalIssue.findUniqueOrThrow({ where: { id: linkId }, select }));
}

/** Forgets the link here; the ticket stays as it is in the tracker. */
export async function unlinkTicket(t: ProjectTenant, a: { issueId: string; linkId: string }): Promise<void> {
  const issue = await issueOf(t, a.issueId);
  const gone = await db.externalIssue.deleteMany({ where: { id: a.linkId, issueId: issue.id } });
  if (!gone.count) throw notFound('Linked ticket');
}

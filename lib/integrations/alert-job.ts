// The worker's chat and paging branch (#64): an alert rule's action to a Slack, Teams, PagerDuty or Opsgenie
// integration posts or triggers the alert, a resolved issue resolves what paging triggered, and Slack's own calls
// (a message updated after a button, a link's ephemeral hint, an unfurl). Each is one logged, retried attempt.
import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { connectionOf, type IntegrationRow } from './connections';
import { attemptDelivery } from './deliveries';
import type { AlertMessage, Connection } from './provider';
import { describeProject } from './serialize';
import { ticketDraft } from './ticket-content';
import type { TicketJob } from './ticket-job';

/** The alert's content for an issue of the integration's organization (the caller checked it is). */
export async function alertMessage(issueId: string, footnote: string | null = null): Promise<AlertMessage> {
  const draft = await ticketDraft(issueId);
  const issue = await db.issue.findUniqueOrThrow({
    where: { id: issueId },
    select: { status: true, regressedAt: true },
  });
  const heading =
    issue.status === 'RESOLVED'
      ? `Resolved in ${draft.project}`
      : issue.regressedAt
        ? `Regression in ${draft.project}`
        : `New issue in ${draft.project}`;
  return { ...draft, issueId, heading, status: issue.status, dedupKey: `issue-${issueId}`, footnote };
}

export async function runAlertJob(input: TicketJob, row: IntegrationRow, issue: { id: string; projectId: string }) {
  const job: TicketJob = { ...input, action: input.action === 'create_ticket' ? 'alert' : input.action };
  if (job.action.startsWith('slack_')) return runSlackJob(job, row, issue.id);
  if (job.action !== 'alert' && job.action !== 'resolve_alert') return;
  const alert = await alertMessage(issue.id);
  await notifyIntegration(job, row, {
    projectId: issue.projectId,
    alert,
    resolve: job.action === 'resolve_alert' ? 'refuse' : null,
  });
}

/**
 * `alert` through a chat or paging integration with the project's settings there, one logged, retried attempt: posted
 * or triggered, or, with `resolve`, resolved where it was triggered; a notifier that resolves nothing then refuses the
 * job (`refuse`: an issue's resolve goes only to paging) or posts the alert, which says "resolved" (`post`).
 */
export async function notifyIntegration(
  job: TicketJob,
  row: IntegrationRow,
  { projectId, alert, resolve }: { projectId: string; alert: AlertMessage; resolve: 'refuse' | 'post' | null },
) {
  const settings = await db.integrationProject.findUnique({
    where: { integrationId_projectId: { integrationId: row.id, projectId } },
    select: { config: true },
  });
  const { provider } = connectionOf(row);
  await attemptDelivery(job, {
    target: (settings && describeProject(provider, settings.config)) || alert.dedupKey,
    call: async () => {
      const { connection } = connectionOf(row);
      const notifier = await provider.notifier!();
      const project = settings ? (provider.project?.schema.parse(settings.config) ?? null) : null;
      if (resolve && notifier.resolve) return notifier.resolve({ connection, project, alert });
      if (resolve === 'refuse') throw new AppError('BAD_REQUEST', `${provider.name} has nothing to resolve`);
      return notifier.alert({ connection, project, alert });
    },
  });
}

async function runSlackJob(job: TicketJob, row: IntegrationRow, issueId: string) {
  const s = job.slack ?? {};
  const slack = await import('./providers/slack/client');
  await attemptDelivery(job, {
    target: s.channel ?? null,
    call: async () => {
      const connection = connectionOf(row).connection as Connection<never, { botToken: string }>;
      if (!s.channel) throw new AppError('BAD_REQUEST', 'No channel');
      if (job.action === 'slack_ephemeral')
        return slack.postEphemeral(connection, { channel: s.channel, user: s.user ?? '', text: s.text ?? '' });
      const alert = await alertMessage(issueId, s.text ?? null);
      if (job.action === 'slack_update')
        return slack.updateMessage(connection, { channel: s.channel, ts: s.ts ?? '', alert });
      return slack.unfurl(connection, { channel: s.channel, ts: s.unfurlTs ?? '', url: s.url ?? '', alert });
    },
  });
}

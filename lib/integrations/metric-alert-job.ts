// A metric alert incident through a chat or paging integration (#62, #64): opened or moved to critical, it triggers
// PagerDuty / creates the Opsgenie alert (dedup_key and alias `metric-incident-<id>`) or posts to Slack / Teams;
// resolved, it resolves / closes by the same key, or posts "resolved". One logged, retried attempt per job.
import { db } from '@/lib/db';
import { connectionOf, type IntegrationRow } from './connections';
import { attemptDelivery } from './deliveries';
import type { AlertMessage } from './provider';
import { describeProject } from './serialize';
import type { MetricIncidentAlert, TicketJob } from './ticket-job';

const round = (n: number) => String(Math.round(n * 10_000) / 10_000);

/** The incident's alert, in the shape every notifier reads; the Alerts page stands for the issue's page. */
export function metricAlertMessage(m: MetricIncidentAlert): AlertMessage {
  const state = m.state === 'resolved' ? 'Resolved' : m.state === 'critical' ? 'Critical' : 'Warning';
  const now = new Date().toISOString();
  return {
    title: `${m.ruleName}: ${m.aggregate} = ${round(m.value)} (${m.direction} ${round(m.threshold)})`,
    culprit: [m.filter, m.group].filter(Boolean).join(' · ') || null,
    level: m.state === 'resolved' ? 'info' : m.state,
    project: m.projectName,
    issueUrl: m.alertsUrl,
    eventCount: 0,
    userCount: 0,
    firstSeen: now,
    lastSeen: now,
    frames: [],
    issueId: '',
    heading: `${state}: metric alert in ${m.projectName}`,
    status: m.state === 'resolved' ? 'RESOLVED' : 'UNRESOLVED',
    dedupKey: `metric-incident-${m.incidentId}`,
    footnote: null,
    metric: m,
  };
}

export async function runMetricAlertJob(job: TicketJob, row: IntegrationRow) {
  const m = job.metric!;
  const { provider } = connectionOf(row);
  if (provider.kind !== 'chat' && provider.kind !== 'paging') return;
  const settings = await db.integrationProject.findUnique({
    where: { integrationId_projectId: { integrationId: row.id, projectId: m.projectId } },
    select: { config: true },
  });
  const alert = metricAlertMessage(m);
  await attemptDelivery(job, {
    target: (settings && describeProject(provider, settings.config)) || alert.dedupKey,
    call: async () => {
      const { connection } = connectionOf(row);
      const notifier = await provider.notifier!();
      const project = settings ? (provider.project?.schema.parse(settings.config) ?? null) : null;
      // Paging resolves what it triggered; chat posts the "resolved" message.
      if (job.action === 'metric_resolve' && notifier.resolve) return notifier.resolve({ connection, project, alert });
      return notifier.alert({ connection, project, alert });
    },
  });
}

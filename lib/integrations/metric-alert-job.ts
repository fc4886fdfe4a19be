// A metric alert incident through a chat or paging integration (#62, #64): opened or moved to critical, it triggers
// PagerDuty / creates the Opsgenie alert (dedup_key and alias `metric-incident-<id>`) or posts to Slack / Teams;
// resolved, it resolves / closes by the same key, or posts "resolved". One logged, retried attempt per job.
import { connectionOf, type IntegrationRow } from './connections';
import { notifyIntegration } from './alert-job';
import type { AlertMessage } from './provider';
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
  // Paging resolves what it triggered; chat posts the "resolved" message.
  await notifyIntegration(job, row, {
    projectId: m.projectId,
    alert: metricAlertMessage(m),
    resolve: job.action === 'metric_resolve' ? 'post' : null,
  });
}

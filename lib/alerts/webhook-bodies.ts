// What an alert's webhook carries, by kind: types only, shared by the payload builders and the email templates.

export type IssueSnapshot = {
  id: string;
  projectId: string;
  title: string;
  culprit: string | null;
  level: string;
  status: string;
  eventCount: number;
  firstSeen: Date;
  regressedAt: Date | null;
};

export type NewIssueWebhookBody = {
  type: 'new_issue';
  projectName: string;
  issue: {
    id: string;
    title: string;
    culprit: string | null;
    level: string;
    status: string;
    eventCount: number;
    firstSeen: string;
    projectId: string;
  };
  issueUrl: string;
};

export type ErrorRateWebhookBody = {
  type: 'error_rate';
  projectName: string;
  count: number;
  threshold: number;
  windowMinutes: number;
  issuesUrl: string;
};

/** Beside the spec's two shapes: a resolved issue reopened by an event (REGRESSION rules). */
export type RegressionWebhookBody = {
  type: 'regression';
  projectName: string;
  issue: NewIssueWebhookBody['issue'] & { regressedAt: string | null };
  issueUrl: string;
};

/** CRASH_FREE rules (#31): a release fell below the crash-free rate, or every release recovered. */
export type CrashFreeWebhookBody = {
  type: 'crash_free';
  state: 'breached' | 'recovered';
  projectName: string;
  release: string;
  crashFreeRate: number;
  below: number;
  metric: string;
  sessions: number;
  windowMinutes: number;
  releasesUrl: string;
};

/** MONITOR rules (#32): a monitor's incident began (its failures reached the threshold), or it recovered. */
export type MonitorWebhookBody = {
  type: 'monitor';
  state: 'failing' | 'recovered';
  projectName: string;
  monitor: string;
  kind: 'cron' | 'uptime';
  /** What failed: error, missed or timeout (for uptime checks, error with the detail). */
  status: string;
  detail: string | null;
  failures: number;
  monitorsUrl: string;
  issueUrl: string | null;
};

/** A project notification webhook's message for a workflow event (#49, lib/notifications). */
export type WorkflowWebhookBody = {
  type: 'workflow';
  event: 'new_issue' | 'assigned' | 'commented' | 'regressed' | 'resolved';
  projectName: string;
  /** What happened, in words: "Assigned to Payments in Checkout". */
  heading: string;
  detail: string | null;
  issue: { id: string; title: string; culprit: string | null; level: string; status: string; projectId: string };
  issueUrl: string;
};

/**
 * METRIC rules (#62): an incident opened or changed level (warning, critical), or resolved. `value` is the
 * aggregate over the window (a percentage change with a comparison), `threshold` the one it crossed.
 */
export type MetricAlertWebhookBody = {
  type: 'metric_alert';
  state: 'warning' | 'critical' | 'resolved';
  projectName: string;
  ruleName: string;
  dataset: string;
  aggregate: string;
  filter: string;
  group: string | null;
  value: number;
  threshold: number;
  direction: 'above' | 'below';
  windowMinutes: number;
  comparison: '1d' | '1w' | null;
  incidentId: string;
  alertsUrl: string;
};

/** A metric alert's value as read: rounded, a change with its sign and %. */
export function metricValueText(b: { value: number; comparison: string | null }): string {
  const v = Math.round(b.value * 100) / 100;
  return b.comparison ? `${v > 0 ? '+' : ''}${v} %` : String(v);
}

export type WebhookBody =
  | NewIssueWebhookBody
  | MetricAlertWebhookBody
  | ErrorRateWebhookBody
  | RegressionWebhookBody
  | CrashFreeWebhookBody
  | MonitorWebhookBody
  | WorkflowWebhookBody;

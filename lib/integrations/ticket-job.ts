// One call to an integration on the job queue (#64). A leaf: alert rules enqueue the ticket or the alert they send
// with it.
export type TicketAction = 'create_ticket' | 'link_ticket' | 'close_ticket' | 'reopen_ticket';
/** Chat and paging: an alert (an alert rule's `create_ticket` to such a provider is one), its resolve, and Slack's. */
export type ChatAction = 'alert' | 'resolve_alert' | 'slack_update' | 'slack_ephemeral' | 'slack_unfurl';
/** A metric alert incident (#62) that opened or changed level, or resolved; it has no issue. */
export type MetricAction = 'metric_alert' | 'metric_resolve';

/** What a metric incident's delivery says, written with the incident in the evaluation's transaction. */
export type MetricIncidentAlert = {
  incidentId: string;
  projectId: string;
  projectName: string;
  ruleName: string;
  state: 'warning' | 'critical' | 'resolved';
  aggregate: string;
  dataset: string;
  filter: string;
  group: string | null;
  value: number;
  threshold: number;
  direction: 'above' | 'below';
  windowMinutes: number;
  alertsUrl: string;
};

export type TicketJob = {
  action: TicketAction | ChatAction | MetricAction;
  integrationId: string;
  /** Empty for a metric incident's delivery (`metric`). */
  issueId: string;
  /** A metric incident's alert or resolve: what it says. */
  metric?: MetricIncidentAlert;
  /** The external_issues row the call fills or changes; null for an alert rule's ticket, whose row the worker makes. */
  linkId: string | null;
  /** What a person typed to link an existing ticket. */
  reference?: string;
  /** Slack: the message to update, the user to answer, the link to unfurl, what was done. */
  slack?: { channel?: string; ts?: string; user?: string; url?: string; unfurlTs?: string; text?: string };
  /** 0 for the first try; a failed try that may be retried queues the next with one more. */
  attempt: number;
};

// One call to an integration on the job queue (#64). A leaf: alert rules enqueue the ticket or the alert they send
// with it.
export type TicketAction = 'create_ticket' | 'link_ticket' | 'close_ticket' | 'reopen_ticket';
/** Chat and paging: an alert (an alert rule's `create_ticket` to such a provider is one), its resolve, and Slack's. */
export type ChatAction = 'alert' | 'resolve_alert' | 'slack_update' | 'slack_ephemeral' | 'slack_unfurl';

export type TicketJob = {
  action: TicketAction | ChatAction;
  integrationId: string;
  issueId: string;
  /** The external_issues row the call fills or changes; null for an alert rule's ticket, whose row the worker makes. */
  linkId: string | null;
  /** What a person typed to link an existing ticket. */
  reference?: string;
  /** Slack: the message to update, the user to answer, the link to unfurl, what was done. */
  slack?: { channel?: string; ts?: string; user?: string; url?: string; unfurlTs?: string; text?: string };
  /** 0 for the first try; a failed try that may be retried queues the next with one more. */
  attempt: number;
};

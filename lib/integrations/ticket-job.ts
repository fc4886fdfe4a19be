// One call to an issue tracker on the job queue (#64). A leaf: alert rules enqueue the ticket they create with it.
export type TicketAction = 'create_ticket' | 'link_ticket' | 'close_ticket' | 'reopen_ticket';

export type TicketJob = {
  action: TicketAction;
  integrationId: string;
  issueId: string;
  /** The external_issues row the call fills or changes; null for an alert rule's ticket, whose row the worker makes. */
  linkId: string | null;
  /** What a person typed to link an existing ticket. */
  reference?: string;
  /** 0 for the first try; a failed try that may be retried queues the next with one more. */
  attempt: number;
};

// The seam between ingest and alerting. Ingest calls afterIngest once per stored error event, after its
// commit and before answering. It must stay cheap when no rule can fire and must never throw.
// The alert rules issue (#4) gives it its body: rule evaluation and durable enqueueing of deliveries.

export type IngestedError = {
  projectId: string;
  issueId: string;
  /** True when this event created the issue (a new fingerprint in the project). */
  isNewIssue: boolean;
  receivedAt: Date;
};

export async function afterIngest(_events: IngestedError[]): Promise<void> {}

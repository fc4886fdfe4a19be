// What a check-in says (Sentry's `check_in` item and the plain HTTP check-in, read by the check-ins kind).
export const CHECKIN_STATUSES = ['in_progress', 'ok', 'error'] as const;

export type MonitorConfig = {
  scheduleType: 'crontab' | 'interval';
  schedule: string;
  timezone: string;
  checkinMargin?: number;
  maxRuntime?: number;
  failureIssueThreshold?: number;
  recoveryThreshold?: number;
};
export type CheckIn = {
  id: string;
  slug: string;
  status: (typeof CHECKIN_STATUSES)[number];
  durationMs: number | null;
  environment: string | null;
  config: MonitorConfig | null;
  /** When the sender says it made the check-in (its `timestamp`, else its envelope's `sent_at`); null when unsaid. */
  sentAt: Date | null;
};

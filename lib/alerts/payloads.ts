import { env } from '@/lib/env';
import type { NewIssueEmailProps } from '@/emails/new-issue-email';
import type { ErrorRateEmailProps } from '@/emails/error-rate-email';
import type { RegressionEmailProps } from '@/emails/regression-email';
import type { CrashFreeEmailProps } from '@/emails/crash-free-email';
import type { MonitorEmailProps } from '@/emails/monitor-email';

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

export type WebhookBody =
  | NewIssueWebhookBody
  | ErrorRateWebhookBody
  | RegressionWebhookBody
  | CrashFreeWebhookBody
  | MonitorWebhookBody
  | WorkflowWebhookBody;

export const issuesUrl = (projectId: string) => `${env.appUrl}/projects/${encodeURIComponent(projectId)}/issues`;
export const issueUrl = (projectId: string, issueId: string) =>
  `${issuesUrl(projectId)}/${encodeURIComponent(issueId)}`;

export function newIssueBody(projectName: string, issue: IssueSnapshot): NewIssueWebhookBody {
  return {
    type: 'new_issue',
    projectName,
    issue: {
      id: issue.id,
      title: issue.title,
      culprit: issue.culprit,
      level: issue.level,
      status: issue.status,
      eventCount: issue.eventCount,
      firstSeen: issue.firstSeen.toISOString(),
      projectId: issue.projectId,
    },
    issueUrl: issueUrl(issue.projectId, issue.id),
  };
}

export function regressionBody(projectName: string, issue: IssueSnapshot): RegressionWebhookBody {
  const { issue: fields, issueUrl } = newIssueBody(projectName, issue);
  return {
    type: 'regression',
    projectName,
    issue: { ...fields, regressedAt: issue.regressedAt?.toISOString() ?? null },
    issueUrl,
  };
}

export function errorRateBody({
  projectName,
  projectId,
  count,
  threshold,
  windowMinutes,
}: {
  projectName: string;
  projectId: string;
  count: number;
  threshold: number;
  windowMinutes: number;
}): ErrorRateWebhookBody {
  return { type: 'error_rate', projectName, count, threshold, windowMinutes, issuesUrl: issuesUrl(projectId) };
}

export type EmailContent =
  | { template: 'new-issue'; subject: string; props: NewIssueEmailProps }
  | { template: 'error-rate'; subject: string; props: ErrorRateEmailProps }
  | { template: 'regression'; subject: string; props: RegressionEmailProps }
  | { template: 'crash-free'; subject: string; props: CrashFreeEmailProps }
  | { template: 'monitor'; subject: string; props: MonitorEmailProps };

export function monitorEmail(body: MonitorWebhookBody, ruleName: string): EmailContent {
  const { type: _type, ...props } = body;
  return {
    template: 'monitor',
    subject:
      body.state === 'failing'
        ? `[${body.projectName}] Monitor ${body.monitor} is failing (${body.status})`
        : `[${body.projectName}] Monitor ${body.monitor} recovered`,
    props: { ...props, ruleName },
  };
}

export function crashFreeEmail(body: CrashFreeWebhookBody, ruleName: string): EmailContent {
  const { type: _type, ...props } = body;
  return {
    template: 'crash-free',
    subject:
      body.state === 'breached'
        ? `[${body.projectName}] ${body.release}: ${body.crashFreeRate.toFixed(2)} % crash-free ${body.metric}`
        : `[${body.projectName}] Crash-free ${body.metric} recovered`,
    props: { ...props, ruleName },
  };
}

export function newIssueEmail(body: NewIssueWebhookBody): EmailContent {
  return {
    template: 'new-issue',
    subject: `[${body.projectName}] New issue: ${body.issue.title}`.slice(0, 250),
    props: {
      projectName: body.projectName,
      title: body.issue.title,
      level: body.issue.level,
      culprit: body.issue.culprit,
      issueUrl: body.issueUrl,
    },
  };
}

export function regressionEmail(body: RegressionWebhookBody): EmailContent {
  return {
    template: 'regression',
    subject: `[${body.projectName}] Regression: ${body.issue.title}`.slice(0, 250),
    props: {
      projectName: body.projectName,
      title: body.issue.title,
      level: body.issue.level,
      culprit: body.issue.culprit,
      issueUrl: body.issueUrl,
    },
  };
}

export function errorRateEmail(body: ErrorRateWebhookBody, ruleName: string): EmailContent {
  return {
    template: 'error-rate',
    subject: `[${body.projectName}] ${body.count} errors in the last ${body.windowMinutes} min`,
    props: {
      projectName: body.projectName,
      ruleName,
      count: body.count,
      threshold: body.threshold,
      windowMinutes: body.windowMinutes,
      issuesUrl: body.issuesUrl,
    },
  };
}

import { env } from '@/lib/env';
import type { NewIssueEmailProps } from '@/emails/new-issue-email';
import type { ErrorRateEmailProps } from '@/emails/error-rate-email';
import type { RegressionEmailProps } from '@/emails/regression-email';
import type { CrashFreeEmailProps } from '@/emails/crash-free-email';
import type { MonitorEmailProps } from '@/emails/monitor-email';
import type { MetricAlertEmailProps } from '@/emails/metric-alert-email';
import type {
  CrashFreeWebhookBody,
  ErrorRateWebhookBody,
  MetricAlertWebhookBody,
  IssueSnapshot,
  MonitorWebhookBody,
  NewIssueWebhookBody,
  RegressionWebhookBody,
} from './webhook-bodies';

export type * from './webhook-bodies';

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
  | { template: 'monitor'; subject: string; props: MonitorEmailProps }
  | { template: 'metric-alert'; subject: string; props: MetricAlertEmailProps };

export function metricAlertEmail(body: MetricAlertWebhookBody): EmailContent {
  const { type: _type, ...props } = body;
  const state = body.state === 'resolved' ? 'Resolved' : body.state === 'critical' ? 'Critical' : 'Warning';
  return { template: 'metric-alert', subject: `[${body.projectName}] ${state}: ${body.ruleName}`.slice(0, 250), props };
}

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

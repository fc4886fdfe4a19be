// Sending the weekly report: to each member of the project's organization who has not turned it off, once per
// project, week and person (a delivery row claimed before the email goes out), however many instances or retries.
import { createElement } from 'react';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { validationError } from '@/lib/errors';
import { pool } from '@/lib/pg';
import { issueUrl, issuesUrl } from '@/lib/alerts/payloads';
import { sendEmail } from '@/lib/email/send-email';
import WeeklyReportEmail, { type WeeklyReportEmailProps } from '@/emails/weekly-report-email';
import { weeklyChartPng } from './weekly-chart';
import { lastCompleteWeek, weekStartOf, weeklyReport, type ReportIssue, type WeeklyReport } from './weekly-report';
import { weeklyReportRecipients } from './weekly-report-recipients';

const DAY_MS = 86_400_000;
export const WEEKLY_REPORT_TEMPLATE = 'weekly-report';
const CHART_CID = 'weekly-chart';

type Recipient = { id: string; email: string };

/** The email's props: the report with each issue's link and the inline chart's reference. */
export function weeklyReportEmailProps(r: WeeklyReport): WeeklyReportEmailProps {
  const withUrl = (i: ReportIssue) => ({
    id: i.id,
    title: i.title,
    events: i.events,
    url: issueUrl(r.projectId, i.id),
  });
  return {
    projectName: r.projectName,
    weekStart: r.weekStart,
    weekLastDay: new Date(Date.parse(r.weekEnd) - DAY_MS).toISOString().slice(0, 10),
    newIssues: { count: r.newIssues.count, previous: r.newIssues.previous, issues: r.newIssues.issues.map(withUrl) },
    regressedIssues: {
      count: r.regressedIssues.count,
      previous: r.regressedIssues.previous,
      issues: r.regressedIssues.issues.map(withUrl),
    },
    topIssues: r.topIssues.map(withUrl),
    events: r.events,
    crashFreeSessions: {
      rate: r.crashFreeSessions.rate,
      previous: r.crashFreeSessions.previous,
      sessions: r.crashFreeSessions.sessions,
    },
    chartSrc: `cid:${CHART_CID}`,
    issuesUrl: issuesUrl(r.projectId),
  };
}

/** A week with no events, no new or regressed issues and no sessions in it or the week before: nothing to report. */
function isEmpty(r: WeeklyReport): boolean {
  return (
    r.events.total + r.events.previous + r.newIssues.count + r.regressedIssues.count === 0 &&
    r.crashFreeSessions.sessions + r.crashFreeSessions.previousSessions === 0
  );
}

async function mail(report: WeeklyReport, chart: Buffer, to: Recipient): Promise<void> {
  const props = weeklyReportEmailProps(report);
  await sendEmail({
    to: to.email,
    subject: `[${report.projectName}] Weekly report, week of ${report.weekStart}`,
    template: WEEKLY_REPORT_TEMPLATE,
    data: { ...props, projectId: report.projectId },
    element: createElement(WeeklyReportEmail, props),
    // Inline (CID), not a link: it shows without "load images" in Gmail and Outlook and needs no public URL.
    attachments: [{ filename: 'events-per-day.png', contentType: 'image/png', content: chart, contentId: CHART_CID }],
  });
}

function build(project: { id: string; name: string }, weekStart: Date) {
  return weeklyReport(project, weekStart).then((report) => ({
    report,
    chart: weeklyChartPng(
      report.events.days.map((d) => d.count),
      report.events.days.map((d) => d.previous),
    ),
  }));
}

/**
 * The scheduled send for one project and week: each recipient not yet sent this week's report gets it, once. A
 * failed email gives back the claims not yet used, so the job's retry sends those (and only those).
 */
export async function sendWeeklyReport(projectId: string, weekStart: Date): Promise<{ sent: number }> {
  const project = await db.project.findUnique({
    where: { id: projectId },
    select: { id: true, name: true, orgId: true },
  });
  if (!project) return { sent: 0 };
  const recipients = await weeklyReportRecipients(project.orgId);
  if (!recipients.length) return { sent: 0 };
  const { report, chart } = await build(project, weekStart);
  if (isEmpty(report)) return { sent: 0 };
  const week = report.weekStart;
  const claimed = await pool().query<{ user_id: string }>(
    `INSERT INTO weekly_report_deliveries (project_id, week, user_id)
     SELECT $1, $2::date, u FROM unnest($3::text[]) AS u
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [project.id, week, recipients.map((r) => r.id)],
  );
  const mine = new Set(claimed.rows.map((r) => r.user_id));
  const todo = recipients.filter((r) => mine.has(r.id));
  for (const [i, to] of todo.entries()) {
    try {
      await mail(report, chart, to);
    } catch (err) {
      await pool().query(
        'DELETE FROM weekly_report_deliveries WHERE project_id = $1 AND week = $2::date AND user_id = ANY($3::text[])',
        [project.id, week, todo.slice(i).map((r) => r.id)],
      );
      throw err;
    }
  }
  return { sent: todo.length };
}

/**
 * "Send it to me now": the report of the week holding `week` (default: the last full week) to the caller, whatever
 * was sent before (it is not a delivery of the weekly send). A week that has not begun is 400.
 */
export async function sendWeeklyReportToCaller(
  projectId: string,
  to: Recipient,
  week: string | undefined,
): Promise<WeeklyReport & { to: string }> {
  const now = clock.now();
  const weekStart = week ? weekStartOf(new Date(`${week}T00:00:00Z`)) : lastCompleteWeek(now);
  if (weekStart > now) throw validationError([{ path: ['week'], message: 'Week must not be in the future' }]);
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { id: true, name: true } });
  const { report, chart } = await build(project, weekStart);
  await mail(report, chart, to);
  return { ...report, to: to.email };
}

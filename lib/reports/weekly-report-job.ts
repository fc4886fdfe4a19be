// The weekly report's job: its scheduled run (Mondays at 09:00 UTC, lib/boot/jobs.ts) queues one job per project for
// the week that just ended; each sends that project's report (lib/reports/send-weekly-report).
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { getBoss } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { sendWeeklyReport } from './send-weekly-report';
import { lastCompleteWeek } from './weekly-report';

const PAGE = 500;

/** The scheduled run carries no project: it queues one job per project. */
export type WeeklyReportJob = { projectId?: string; week?: string };

/** Queues the report of `weekStart` for every project, a page of projects at a time. */
export async function queueWeeklyReports(weekStart: Date): Promise<number> {
  const boss = await getBoss();
  const week = weekStart.toISOString().slice(0, 10);
  let queued = 0;
  for (let after: string | undefined; ;) {
    const page = await db.project.findMany({
      where: after ? { id: { gt: after } } : {},
      select: { id: true },
      orderBy: { id: 'asc' },
      take: PAGE,
    });
    if (!page.length) return queued;
    await boss.insert(page.map((p) => ({ name: QUEUES.weeklyReport, data: { projectId: p.id, week } })));
    queued += page.length;
    after = page[page.length - 1].id;
  }
}

export async function runWeeklyReportJob(data: WeeklyReportJob): Promise<void> {
  if (!data.projectId || !data.week) await queueWeeklyReports(lastCompleteWeek(clock.now()));
  else await sendWeeklyReport(data.projectId, new Date(`${data.week}T00:00:00Z`));
}

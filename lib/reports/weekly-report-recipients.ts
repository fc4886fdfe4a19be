// Who receives a project's weekly report: the organization's members with a verified email who have not turned
// the weekly report off (weekly_report_opt_outs).
import { pool } from '@/lib/pg';

export async function weeklyReportRecipients(orgId: string): Promise<{ id: string; email: string }[]> {
  const { rows } = await pool().query<{ id: string; email: string }>(
    `SELECT u.id, u.email FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.org_id = $1 AND u.email_verified IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM weekly_report_opt_outs o WHERE o.user_id = u.id)
      ORDER BY u.email`,
    [orgId],
  );
  return rows;
}

/** Turns the weekly report on or off for one person (every project of every organization they belong to). */
export async function setWeeklyReportEnabled(userId: string, enabled: boolean): Promise<void> {
  if (enabled) await pool().query('DELETE FROM weekly_report_opt_outs WHERE user_id = $1', [userId]);
  else await pool().query('INSERT INTO weekly_report_opt_outs (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
}

export async function weeklyReportEnabled(userId: string): Promise<boolean> {
  const { rowCount } = await pool().query('SELECT 1 FROM weekly_report_opt_outs WHERE user_id = $1', [userId]);
  return rowCount === 0;
}

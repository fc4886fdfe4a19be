import { z } from 'zod';

const DATE_MESSAGE = 'Week must be a date (YYYY-MM-DD)';
/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/** `POST /api/v1/projects/:projectId/weekly-report`: the week holding `week` (a UTC date), else the last full week. */
export const sendWeeklyReportSchema = z.object({
  week: z.string({ message: DATE_MESSAGE }).refine(isDay, { message: DATE_MESSAGE }).optional(),
});
export type SendWeeklyReportInput = z.infer<typeof sendWeeklyReportSchema>;

/** `PUT /api/v1/account/weekly-report`: whether the weekly report emails reach the caller. */
export const weeklyReportSettingSchema = z.object({
  enabled: z.boolean({ message: 'Enabled must be true or false' }),
});

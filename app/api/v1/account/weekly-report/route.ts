import { route } from '@/lib/http/route';
import { setWeeklyReportEnabled, weeklyReportEnabled } from '@/lib/reports/weekly-report-recipients';
import { weeklyReportSettingSchema } from '@/lib/zod/weekly-report';

export const GET = route({ auth: 'session' }, async ({ session }) => ({
  message: 'Weekly report setting fetched',
  data: { enabled: await weeklyReportEnabled(session.user.id) },
}));

export const PUT = route({ auth: 'session', body: weeklyReportSettingSchema }, async ({ session, body }) => {
  await setWeeklyReportEnabled(session.user.id, body.enabled);
  return { message: 'Weekly report setting saved', data: { enabled: body.enabled } };
});

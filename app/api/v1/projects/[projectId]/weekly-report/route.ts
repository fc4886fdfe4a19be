import { route, sessionOf } from '@/lib/http/route';
import { sendWeeklyReportToCaller } from '@/lib/reports/send-weekly-report';
import { projectParams } from '@/lib/zod/projects';
import { sendWeeklyReportSchema } from '@/lib/zod/weekly-report';

// A personal action: the report goes to the signed-in person, so no API token.
export const POST = route(
  { auth: 'session', scope: 'project', tokens: false, params: projectParams, body: sendWeeklyReportSchema },
  async ({ tenant, session, body }) => {
    const data = await sendWeeklyReportToCaller(tenant.projectId, sessionOf(session).user, body.week);
    return { message: 'Weekly report sent', data };
  },
);

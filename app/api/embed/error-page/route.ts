import { readCappedBody } from '@/lib/http/read-body';
import { DIALOG_BODY_CAP, reportDialog } from '@/lib/feedback/report-dialog';

// Sentry.showReportDialog(): the dialog's script (GET) and its report (POST); see lib/feedback/report-dialog.ts.
async function handler(req: Request): Promise<Response> {
  const res = await reportDialog(req.method, new URL(req.url), () => readCappedBody(req, DIALOG_BODY_CAP).catch(() => null), req.headers.get('content-type'));
  return new Response(res.status === 204 ? null : res.body, { status: res.status, headers: res.headers });
}

export const GET = handler;
export const POST = handler;
export const OPTIONS = handler;

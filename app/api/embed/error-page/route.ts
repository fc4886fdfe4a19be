import { readCappedBody } from '@/lib/http/read-body';
import { DIALOG_BODY_CAP, reportDialog } from '@/lib/ingest/protocols/report-dialog';
import { requestControlCharacterIssues } from '@/lib/text/control-characters';
import { invalid, webResponse } from '@/lib/ingest/protocols/answer';

// Sentry.showReportDialog(): the dialog's script (GET) and its report (POST); see lib/ingest/protocols/report-dialog.ts.
async function handler(req: Request): Promise<Response> {
  // The dsn, event id, name and email of the query are looked up or stored: no control character in them.
  const control = requestControlCharacterIssues({}, new URL(req.url).searchParams);
  if (control.length > 0) return webResponse(invalid(control));
  const res = await reportDialog({
    method: req.method,
    url: new URL(req.url),
    readBody: () => readCappedBody(req, DIALOG_BODY_CAP).catch(() => null),
    contentType: req.headers.get('content-type'),
  });
  return new Response(res.status === 204 ? null : res.body, { status: res.status, headers: res.headers });
}

export const GET = handler;
export const POST = handler;
export const OPTIONS = handler;

import { readCappedBody } from '@/lib/http/read-body';
import { MAX_BODY_BYTES } from '@/lib/envelope/decode-body';
import { handleOtlp } from '@/lib/ingest/protocols/otlp/handle-otlp';
import { requestControlCharacterIssues } from '@/lib/text/control-characters';
import { invalid, webResponse } from '@/lib/ingest/protocols/answer';

// OpenTelemetry exporters post here (OTLP/HTTP traces and logs); see lib/ingest/protocols/otlp/handle-otlp.ts.
type Ctx = { params: Promise<{ projectNumber: string; signal: string }> };

async function handler(req: Request, ctx: Ctx): Promise<Response> {
  const { projectNumber, signal } = await ctx.params;
  // A NUL in the key or the path would reach PostgreSQL: refused before the body is read.
  const control = requestControlCharacterIssues({ projectNumber, signal }, new URL(req.url).searchParams);
  if (control.length > 0) {
    await req.body?.cancel().catch(() => {});
    return webResponse(invalid(control));
  }
  const body = req.method === 'POST' ? await readCappedBody(req, MAX_BODY_BYTES).catch(() => null) : Buffer.alloc(0);
  const url = new URL(req.url);
  const res = await handleOtlp({
    projectNumber,
    signal,
    method: req.method,
    headers: Object.fromEntries(req.headers),
    searchParams: url.searchParams,
    // Past the cap: a body one byte too long, answered 413 by the handler.
    body: body ?? Buffer.alloc(MAX_BODY_BYTES + 1),
  });
  return new Response(res.status === 204 ? null : (res.body as BodyInit), { status: res.status, headers: res.headers });
}

export const POST = handler;
export const OPTIONS = handler;

import { handleIngest, INGEST_MESSAGES, type IngestResponse } from '@/lib/ingest/protocols/native';
import { MAX_BODY_BYTES, readCappedBody } from '@/lib/http/read-body';
import { envelope } from '@/lib/http/envelope';
import { clientAddress } from '@/lib/auth/client-address';
import { observeHttp } from '@/lib/metrics/metrics';
import { requestControlCharacterIssues } from '@/lib/zod/control-characters';
import { CORS } from '@/lib/ingest/protocols/answer';

type Ctx = { params: Promise<{ projectId: string }> };

// Thin adapter: the body is read here (capped at 1 MiB), everything else is lib/ingest/protocols/native.ts.
async function adapt(req: Request, ctx: Ctx): Promise<Response> {
  const started = performance.now();
  const res = await answer(req, ctx);
  observeHttp({
    pathname: new URL(req.url).pathname,
    method: req.method,
    status: res.status,
    seconds: (performance.now() - started) / 1000,
  });
  return res;
}

async function answer(req: Request, ctx: Ctx): Promise<Response> {
  const { projectId } = await ctx.params;
  // A NUL in the key or the path would reach PostgreSQL: refused before the body is read.
  const control = requestControlCharacterIssues({ projectId }, new URL(req.url).searchParams);
  if (control.length > 0) {
    await req.body?.cancel().catch(() => {});
    return toResponse({
      status: 400,
      body: envelope({ statusCode: 400, message: INGEST_MESSAGES.validation, error: control }),
      headers: CORS,
    });
  }
  const body =
    req.method === 'POST' ? await readCappedBody(req, MAX_BODY_BYTES).catch(() => undefined) : Buffer.alloc(0);
  const res: IngestResponse =
    body === null
      ? { status: 413, body: envelope({ statusCode: 413, message: INGEST_MESSAGES.tooLarge }), headers: CORS }
      : body === undefined
        ? {
            status: 400,
            body: envelope({ statusCode: 400, message: 'Could not read the request body' }),
            headers: CORS,
          }
        : await handleIngest({
            projectId,
            method: req.method,
            headers: Object.fromEntries(req.headers),
            searchParams: new URL(req.url).searchParams,
            body,
            clientAddress: clientAddress(req),
          });
  return toResponse(res);
}

function toResponse(res: IngestResponse): Response {
  const headers = new Headers(res.headers);
  if (res.body === null) return new Response(null, { status: res.status, headers });
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(res.body), { status: res.status, headers });
}

export const POST = adapt;
export const OPTIONS = adapt;

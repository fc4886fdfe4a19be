import { handleIngest, type IngestResponse } from '@/lib/ingest/protocols/native';
import { MAX_BODY_BYTES, readCappedBody } from '@/lib/http/read-body';
import { clientAddress } from '@/lib/auth/client-address';
import { observeHttp } from '@/lib/metrics/metrics';
import { requestControlCharacterIssues } from '@/lib/text/control-characters';
import {
  answer as ingestAnswer,
  INGEST_MESSAGES,
  invalid,
  unreadable,
  webResponse,
} from '@/lib/ingest/protocols/answer';

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
    return webResponse(invalid(control));
  }
  const body =
    req.method === 'POST' ? await readCappedBody(req, MAX_BODY_BYTES).catch(() => undefined) : Buffer.alloc(0);
  const res: IngestResponse =
    body === null
      ? ingestAnswer(413, INGEST_MESSAGES.tooLarge)
      : body === undefined
        ? unreadable()
        : await handleIngest({
            projectId,
            method: req.method,
            headers: Object.fromEntries(req.headers),
            searchParams: new URL(req.url).searchParams,
            body,
            clientAddress: clientAddress(req),
          });
  return webResponse(res);
}

export const POST = adapt;
export const OPTIONS = adapt;

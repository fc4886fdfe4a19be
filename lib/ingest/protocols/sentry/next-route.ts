import { clientAddress } from '@/lib/auth/client-address';
import { MAX_BODY_BYTES, readCappedBody } from '@/lib/http/read-body';
import { bodyCapFor, LARGE_BODY_BUSY_MESSAGE } from '@/lib/ingest/protocols/large-bodies';
import { handleSentry } from './handle-sentry';
import { observeHttp } from '@/lib/metrics/metrics';
import type { SentryEndpoint } from './prepare-items';
import { requestControlCharacterIssues } from '@/lib/text/control-characters';
import { answer as ingestAnswer, invalid, unreadable, webResponse } from '../answer';

type Ctx = { params: Promise<{ projectNumber: string }> };

/** Next.js adapter for a Sentry endpoint: reads the body (capped as lib/ingest/protocols/large-bodies.ts says), the rest is handleSentry. */
export function sentryRoute(endpoint: SentryEndpoint) {
  return async function handler(req: Request, ctx: Ctx): Promise<Response> {
    const started = performance.now();
    const res = await answer(req, ctx);
    observeHttp({
      pathname: new URL(req.url).pathname,
      method: req.method,
      status: res.status,
      seconds: (performance.now() - started) / 1000,
    });
    return res;
  };

  async function answer(req: Request, ctx: Ctx): Promise<Response> {
    const { projectNumber } = await ctx.params;
    // A NUL in the key or the path would reach PostgreSQL: refused before anything is read or looked up.
    const control = requestControlCharacterIssues({ projectNumber }, new URL(req.url).searchParams);
    if (control.length > 0) {
      await req.body?.cancel().catch(() => {});
      return webResponse(invalid(control));
    }
    const slot =
      req.method === 'POST' ? bodyCapFor(endpoint, req.headers.get('content-length')) : { cap: 0, release: () => {} };
    if (slot === 'busy') {
      await req.body?.cancel().catch(() => {});
      return webResponse(ingestAnswer(429, LARGE_BODY_BUSY_MESSAGE, { headers: { 'retry-after': '1' } }));
    }
    try {
      const body = req.method === 'POST' ? await readCappedBody(req, slot.cap).catch(() => undefined) : Buffer.alloc(0);
      if (body === undefined) return webResponse(unreadable());
      const url = new URL(req.url);
      return webResponse(
        await handleSentry({
          projectNumber,
          endpoint,
          method: req.method,
          headers: Object.fromEntries(req.headers),
          searchParams: url.searchParams,
          // Past the cap: left unread, answered 413 (and counted when the key is known).
          body: body ?? Buffer.alloc(0),
          tooLarge: body === null,
          clientAddress: clientAddress(req),
          largeBody: slot.cap > MAX_BODY_BYTES,
        }),
      );
    } finally {
      slot.release();
    }
  }
}

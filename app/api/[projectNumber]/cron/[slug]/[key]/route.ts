import { handleHttpCheckIn } from '@/lib/ingest/protocols/http-checkin';
import { CORS } from '@/lib/ingest/protocols/answer';

// Sentry's plain HTTP check-in (GET or POST ?status=…); see lib/ingest/protocols/http-checkin.ts.
type Ctx = { params: Promise<{ projectNumber: string; slug: string; key: string }> };

async function handle(req: Request, ctx: Ctx): Promise<Response> {
  const { projectNumber, slug, key } = await ctx.params;
  const res = await handleHttpCheckIn({
    projectNumber,
    slug,
    publicKey: key,
    searchParams: new URL(req.url).searchParams,
  });
  return Response.json(res.body, { status: res.status, headers: CORS });
}

export const GET = handle;
export const POST = handle;

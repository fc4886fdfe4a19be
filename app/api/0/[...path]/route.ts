import { SENTRY_NOT_FOUND } from '@/lib/sentry-api/org';
import { sentryRoute } from '@/lib/ingest/protocols/sentry/next-route';
import * as otlp from '@/app/api/[projectNumber]/integration/otlp/v1/[signal]/route';
import * as cron from '@/app/api/[projectNumber]/cron/[slug]/[key]/route';

// Any other /api/0 path: Sentry's JSON 404, never a page (docs/api-compat.md lists what exists). `/api/0/` is also
// where an SDK whose DSN names project 0 posts: project 0 never exists, and such a post answers as for any unknown
// project (401 from the ingest endpoint itself), not as a path of the management API.
type Ctx = { params: Promise<{ path: string[] }> };
type Method = 'GET' | 'POST' | 'OPTIONS';

const SENTRY: Record<string, ReturnType<typeof sentryRoute>> = {
  envelope: sentryRoute('envelope'),
  store: sentryRoute('store'),
  security: sentryRoute('security'),
  'csp-report': sentryRoute('security'),
};
const zero = <P extends object>(params: P) => ({ params: Promise.resolve({ projectNumber: '0', ...params }) });

function ingestOf(path: string[], method: Method): ((req: Request) => Promise<Response>) | null {
  const [first, second, third, fourth] = path;
  if (path.length === 1 && method !== 'GET' && Object.hasOwn(SENTRY, first)) {
    return (req) => SENTRY[first](req, zero({}));
  }
  if (path.length === 4 && first === 'integration' && second === 'otlp' && third === 'v1' && method !== 'GET') {
    return (req) => otlp[method](req, zero({ signal: fourth }));
  }
  if (path.length === 3 && first === 'cron' && method !== 'OPTIONS') {
    return (req) => cron[method](req, zero({ slug: second, key: third }));
  }
  return null;
}

const answer = (method: Method | null) => async (req: Request, ctx: Ctx) => {
  const ingest = method ? ingestOf((await ctx.params).path, method) : null;
  if (ingest) return ingest(req);
  return Response.json({ detail: SENTRY_NOT_FOUND }, { status: 404 });
};

export const GET = answer('GET');
export const POST = answer('POST');
export const OPTIONS = answer('OPTIONS');
export const PUT = answer(null);
export const PATCH = answer(null);
export const DELETE = answer(null);

import { z } from 'zod';
import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { sentryNotFound, sentryOrg } from '@/lib/sentry-api/org';
import { sentryTrace } from '@/lib/sentry-api/trace';

// A trace's spans as a tree, each with the errors that happened in it (Sentry's trace endpoint).
export const GET = route(
  { ...sentrySpec, params: z.object({ org: z.string().min(1).max(200), traceId: z.string().min(1).max(64) }) },
  async ({ tenant, params }) => {
    await sentryOrg(tenant, params.org);
    const traceId = params.traceId.replace(/-/g, '').toLowerCase();
    if (!/^[0-9a-f]{32}$/.test(traceId)) throw sentryNotFound();
    return { message: 'Success', bare: true, data: await sentryTrace(tenant, traceId) };
  },
);

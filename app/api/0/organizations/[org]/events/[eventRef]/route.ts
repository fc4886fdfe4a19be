import { z } from 'zod';
import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { projectEvent } from '@/lib/sentry-api/issue-events';
import { sentryNotFound, sentryOrg } from '@/lib/sentry-api/org';
import { projectBySlug } from '@/lib/sentry-api/projects';

// `{project_slug}:{event_id}`: the event page's own id in Sentry's organization event API.
export const GET = route(
  { ...sentrySpec, params: z.object({ org: z.string().min(1).max(200), eventRef: z.string().min(1).max(300) }) },
  async ({ tenant, params }) => {
    const org = await sentryOrg(tenant, params.org);
    const colon = params.eventRef.lastIndexOf(':');
    if (colon <= 0) throw sentryNotFound();
    const project = await projectBySlug(org.id, params.eventRef.slice(0, colon));
    return { message: 'Success', bare: true, data: await projectEvent(project.id, params.eventRef.slice(colon + 1)) };
  },
);

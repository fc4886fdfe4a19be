import { z } from 'zod';
import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { projectEvent } from '@/lib/sentry-api/issue-events';
import { sentryOrg } from '@/lib/sentry-api/org';
import { projectBySlug } from '@/lib/sentry-api/projects';
import { sentryProjectParams } from '@/lib/zod/sentry-api';

// Retrieve an Event for a Project, by the id Sentry shows (the SDK's event_id).
export const GET = route(
  { ...sentrySpec, params: sentryProjectParams.extend({ eventId: z.string().min(1).max(64) }) },
  async ({ tenant, params }) => {
    const org = await sentryOrg(tenant, params.org);
    const project = await projectBySlug(org.id, params.project);
    return { message: 'Success', bare: true, data: await projectEvent(project.id, params.eventId) };
  },
);

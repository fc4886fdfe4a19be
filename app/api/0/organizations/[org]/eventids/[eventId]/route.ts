import { z } from 'zod';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { projectEvent } from '@/lib/sentry-api/issue-events';
import { sentryNotFound, sentryOrg } from '@/lib/sentry-api/org';

// Resolve an Event ID: which project and issue of the organization hold it, with the event.
export const GET = route(
  { ...sentrySpec, params: z.object({ org: z.string().min(1).max(200), eventId: z.string().min(1).max(64) }) },
  async ({ tenant, params }) => {
    const org = await sentryOrg(tenant, params.org);
    const projects = await db.project.findMany({ where: { orgId: org.id }, select: { id: true, slug: true } });
    for (const p of projects) {
      const event = await projectEvent(p.id, params.eventId).catch(() => null);
      if (event)
        return {
          message: 'Success',
          bare: true,
          data: { organizationSlug: org.slug, projectSlug: p.slug, groupId: event.groupID, eventId: event.id, event },
        };
    }
    throw sentryNotFound();
  },
);

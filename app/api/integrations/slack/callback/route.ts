import { z } from 'zod';
import { env } from '@/lib/env';
import { route } from '@/lib/http/route';
import { completeSlackInstall } from '@/lib/integrations/slack/oauth';

const query = z.object({ code: z.string().min(1).max(500), state: z.string().min(1).max(2000) });

// Slack sends the installing OWNER or ADMIN back here with the code (their session cookie comes along).
export const GET = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', tokens: false, query },
  async ({ tenant, query }) => {
    const integration = await completeSlackInstall(tenant, query);
    const location = `${env.appUrl}/settings/organization/integrations?connected=${encodeURIComponent(integration.id)}`;
    return { status: 303, message: 'Slack connected', data: integration, headers: { location } };
  },
);

import { z } from 'zod';
import { route } from '@/lib/http/route';
import { describeSlackLink, linkSlackUser } from '@/lib/integrations/slack/link';

const token = z.string({ message: 'Give the token' }).min(1, 'Give the token').max(2000);

// A Slack user's link (lib/integrations/slack/link.ts): any member of the integration's organization, from a session.
export const GET = route(
  { auth: 'session', scope: 'organization', tokens: false, query: z.object({ token }) },
  async ({ tenant, query }) => ({ message: 'Slack link', data: await describeSlackLink(tenant, query.token) }),
);

export const POST = route(
  { auth: 'session', scope: 'organization', tokens: false, body: z.object({ token }) },
  async ({ tenant, body }) => ({ message: 'Slack user linked', data: await linkSlackUser(tenant, body.token) }),
);

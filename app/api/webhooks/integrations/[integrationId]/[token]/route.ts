import { handleSignedWebhook } from '@/lib/http/webhook-route';
import { integrationWebhook } from '@/lib/integrations/webhook-spec';
import type { RouteContext } from '@/lib/http/route';

// Jira Data Center without webhook secrets: the secret is the URL's last segment (never logged).
export async function POST(req: Request, ctx: RouteContext): Promise<Response> {
  const { integrationId, token } = (await ctx.params) as { integrationId: string; token: string };
  return handleSignedWebhook(req, integrationId, integrationWebhook(req.headers, token));
}

import { handleSignedWebhook } from '@/lib/http/webhook-route';
import { integrationWebhook } from '@/lib/integrations/webhook-spec';
import type { RouteContext } from '@/lib/http/route';

// Not the session wrapper: signatures are computed over the exact raw body (docs/integrations.md, "Webhooks").
export async function POST(req: Request, ctx: RouteContext): Promise<Response> {
  const { integrationId } = (await ctx.params) as { integrationId: string };
  return handleSignedWebhook(req, integrationId, integrationWebhook(req.headers, null));
}

import { handleSlackRequest } from '@/lib/integrations/slack/http';
import { receiveInteraction } from '@/lib/integrations/slack/interactions';

// Slack's interactivity Request URL (docs/integrations.md, "Slack"): signed, so not the session wrapper.
export async function POST(req: Request): Promise<Response> {
  return handleSlackRequest(req, 'slack-interactions', receiveInteraction);
}

import { receiveEvent } from '@/lib/integrations/slack/events';
import { handleSlackRequest } from '@/lib/integrations/slack/http';

// Slack's Events API Request URL (docs/integrations.md, "Slack"): signed, so not the session wrapper.
export async function POST(req: Request): Promise<Response> {
  return handleSlackRequest(req, 'slack-events', receiveEvent);
}

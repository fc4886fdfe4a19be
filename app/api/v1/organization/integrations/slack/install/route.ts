import { route } from '@/lib/http/route';
import { slackInstallUrl } from '@/lib/integrations/slack/oauth';

// "Add to Slack": where to send the browser (Slack's authorize page with a signed state), 503 unless configured.
export const GET = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', tokens: false },
  async ({ tenant }) => ({ message: 'Slack install URL', data: { url: slackInstallUrl(tenant) } }),
);

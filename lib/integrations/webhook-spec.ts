// The integrations' webhook routes (#64): POST /api/webhooks/integrations/:integrationId, and .../:token for a Jira
// Data Center that cannot sign (the webhook secret as the URL's last segment).
import type { SignedWebhook } from '@/lib/http/webhook-route';
import { receiveWebhook, webhookTarget, type WebhookTarget } from './receive-webhook';

/** Providers' issue events are a few KiB to some hundreds (GitHub's carry the whole repository): 1 MiB is ample. */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

export function integrationWebhook(headers: Headers, urlToken: string | null): SignedWebhook<WebhookTarget> {
  return {
    name: 'integration-webhook',
    maxBytes: MAX_WEBHOOK_BYTES,
    perTargetPerMinute: 600,
    target: webhookTarget,
    receive: (target, body) => receiveWebhook(target, { headers, body, urlToken, now: Date.now() }),
  };
}

// Linear (#64): issues in a team per project, completed and reopened both ways. Linear signs each webhook with
// `Linear-Signature`, the hex HMAC-SHA256 of the raw body under the webhook's signing secret, and puts the time it
// sent it in the body's `webhookTimestamp` (ms): one older or newer than a minute is refused, as Linear advises.
import { z } from 'zod';
import type { IntegrationProvider } from '../../provider';
import { hmacSha256Hex, isRecord, jsonObject, missing, safeEqual, wrong } from '../../signatures';
import { optionalBaseUrl, requiredSecret, webhookSecretField } from '../fields';
import { stateOfType, type LinearConfig, type LinearProject, type LinearSecrets } from './urls';

/** Linear's replay window: a webhook's timestamp this far from our clock is refused. */
export const LINEAR_REPLAY_WINDOW_MS = 60_000;

export const linear: IntegrationProvider<LinearConfig, LinearSecrets, LinearProject> = {
  id: 'linear',
  name: 'Linear',
  kind: 'tracker',
  fields: [
    { name: 'apiKey', label: 'API key', in: 'secrets', type: 'password', required: true },
    webhookSecretField('the Linear webhook\'s signing secret ("Issues" data changes)'),
    { name: 'baseUrl', label: 'API URL', in: 'config', type: 'url', hint: 'Empty: https://api.linear.app/graphql' },
  ],
  config: z.object({ baseUrl: optionalBaseUrl }),
  secrets: z.object({ apiKey: requiredSecret('API key'), webhookSecret: requiredSecret('webhook signing secret') }),
  project: {
    schema: z.object({
      team: z
        .string({ message: 'Give the team key (ENG) or ID' })
        .trim()
        .regex(/^([A-Za-z0-9]{1,10}|[0-9a-f-]{36})$/, 'Give the team key (ENG) or ID'),
    }),
    fields: [{ name: 'team', label: 'Team', in: 'config', type: 'text', required: true, hint: 'Its key (ENG) or ID' }],
    describe: (p) => p.team,
  },
  webhook: {
    verify: (req, s) => {
      const signature = req.headers.get('linear-signature');
      if (!signature) return missing('Linear-Signature');
      if (!safeEqual(signature.trim().toLowerCase(), hmacSha256Hex(s.webhookSecret, req.body)))
        return wrong('Linear-Signature');
      let sentAt: unknown;
      try {
        sentAt = jsonObject(req.body).webhookTimestamp;
      } catch {
        sentAt = undefined;
      }
      if (typeof sentAt !== 'number' || Math.abs(req.now - sentAt) > LINEAR_REPLAY_WINDOW_MS)
        return { ok: false, status: 400, message: 'Webhook timestamp outside the replay window' };
      return { ok: true };
    },
    parse: (req) => {
      const deliveryId = req.headers.get('linear-delivery');
      const body = jsonObject(req.body);
      if (body.type !== 'Issue' || body.action !== 'update')
        return { deliveryId, kind: 'ignored', reason: `${String(body.type)} ${String(body.action)}` };
      const data = body.data;
      if (!isRecord(data) || typeof data.id !== 'string') throw new SyntaxError('An Issue event without its issue');
      // Only a change of workflow state says anything about open or closed.
      if (!isRecord(body.updatedFrom) || !('stateId' in body.updatedFrom))
        return { deliveryId, kind: 'ignored', reason: 'no state change' };
      const type = isRecord(data.state) ? data.state.type : undefined;
      return { deliveryId, kind: 'ticket_state', externalId: data.id, state: stateOfType(type) };
    },
  },
  tracker: async () => (await import('./tracker')).linearTracker,
};

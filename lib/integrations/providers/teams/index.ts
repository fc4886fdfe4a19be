// Microsoft Teams (#64): a Workflows webhook ("Post to a channel when a webhook request is received") receives each
// alert as an Adaptive Card 1.4 in a message. Its URL carries its own signature, so it is sealed like a token.
import { z } from 'zod';
import type { IntegrationProvider } from '../../provider';
import { baseUrl } from '../fields';

export type TeamsSecrets = { webhookUrl: string };

export const teams: IntegrationProvider<Record<string, never>, TeamsSecrets> = {
  id: 'teams',
  name: 'Microsoft Teams',
  kind: 'chat',
  fields: [
    {
      name: 'webhookUrl',
      label: 'Workflow webhook URL',
      in: 'secrets',
      type: 'password',
      required: true,
      hint: 'The URL of the Workflows flow "Post to a channel when a webhook request is received"',
    },
  ],
  config: z.object({}).strip() as unknown as z.ZodType<Record<string, never>>,
  secrets: z.object({
    webhookUrl: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().url().pipe(baseUrl)),
  }) as unknown as z.ZodType<TeamsSecrets>,
  notifier: async () => (await import('./client')).teamsNotifier,
};

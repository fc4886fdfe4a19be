// Microsoft Teams (#64): a Workflows webhook ("Post to a channel when a webhook request is received") receives each
// alert as an Adaptive Card 1.4 in a message. Its URL carries its own signature, so it is sealed like a token.
import { z } from 'zod';
import type { IntegrationProvider } from '../../provider';
import type { TeamsSecrets } from './types';

export type { TeamsSecrets } from './types';

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
  config: z.object({}) as unknown as z.ZodType<Record<string, never>>,
  secrets: z.object({
    // Its query is its signature (`sig=`): kept whole.
    webhookUrl: z
      .string({ message: 'Give the webhook URL' })
      .trim()
      .max(4096, 'The webhook URL is too long')
      .refine((v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
        } catch {
          return false;
        }
      }, 'Must be an http(s) address'),
  }),
  notifier: async () => (await import('./client')).teamsNotifier,
};

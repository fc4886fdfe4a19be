// Slack (#64): a Slack app installed to a workspace ("Add to Slack", lib/integrations/slack/oauth.ts) posts alerts
// with chat.postMessage in Block Kit to the project's channel (else the integration's), its buttons act on the issue
// as the pressing Slack user's linked member (lib/integrations/slack/interactions.ts), and issue links unfurl.
// Its bot token is sealed; the app's signing secret and OAuth client are the server's (SLACK_* in the environment).
import { z } from 'zod';
import type { IntegrationProvider } from '../../provider';
import { optionalBaseUrl, requiredSecret } from '../fields';
import type { SlackConfig, SlackProject, SlackSecrets } from './messages';

const channel = z
  .string({ message: 'Give the channel: its ID (C0123ABC) or #name' })
  .trim()
  .min(1, 'Give the channel: its ID (C0123ABC) or #name')
  .max(80, 'Give the channel: its ID (C0123ABC) or #name');

export const slack: IntegrationProvider<SlackConfig, SlackSecrets, SlackProject> = {
  id: 'slack',
  name: 'Slack',
  kind: 'chat',
  fields: [
    { name: 'teamId', label: 'Workspace ID', in: 'config', type: 'text', required: true, hint: 'T0123ABC' },
    { name: 'channel', label: 'Channel', in: 'config', type: 'text', hint: 'Where alerts go unless a project says' },
    { name: 'botToken', label: 'Bot token', in: 'secrets', type: 'password', required: true, hint: 'xoxb-…' },
    { name: 'apiUrl', label: 'API URL', in: 'config', type: 'url', hint: 'Empty: https://slack.com/api/' },
  ],
  config: z.object({
    teamId: z
      .string({ message: 'Give the workspace ID' })
      .trim()
      .regex(/^[A-Z0-9]{2,40}$/, 'Give the workspace ID (T0123ABC)'),
    teamName: z.string().max(200).optional(),
    channel: z.preprocess((v) => (v === '' ? undefined : v), channel.optional()),
    apiUrl: optionalBaseUrl,
  }),
  secrets: z.object({ botToken: requiredSecret('bot token') }),
  project: {
    schema: z.object({ channel }),
    fields: [
      { name: 'channel', label: 'Channel', in: 'config', type: 'text', required: true, hint: '#alerts or C0123ABC' },
    ],
    describe: (p) => p.channel,
  },
  notifier: async () => (await import('./client')).slackNotifier,
};

// Slack's Web API through @slack/web-api (#64), on the integrations' guarded fetch (lib/integrations/outbound.ts):
// its own retries are off, since the job queue retries and logs each attempt.
import { WebClient } from '@slack/web-api';
import { AppError } from '@/lib/errors';
import { integrationFetch } from '../../outbound';
import type { AlertMessage, Connection, NotifierClient } from '../../provider';
import {
  alertBlocks,
  slackApiUrl,
  unfurlBlocks,
  type SlackConfig,
  type SlackProject,
  type SlackSecrets,
} from './messages';

type SlackConnection = Connection<SlackConfig, SlackSecrets>;

/** A Web API client; `token` null for the OAuth exchange, which authenticates with the app's client id and secret. */
export function slackClient(token: string | null, config: Pick<SlackConfig, 'apiUrl'> = {}): WebClient {
  return new WebClient(token ?? undefined, {
    slackApiUrl: slackApiUrl(config),
    fetch: integrationFetch,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: 20_000,
  });
}

const web = (c: SlackConnection) => slackClient(c.secrets.botToken, c.config);

export const slackNotifier: NotifierClient<SlackConfig, SlackSecrets, SlackProject> = {
  async alert({ connection, project, alert }) {
    const channel = project?.channel ?? connection.config.channel;
    if (!channel) throw new AppError('BAD_REQUEST', 'No channel: set one for the project or the integration');
    const res = await web(connection).chat.postMessage({ channel, ...alertBlocks(alert) } as never);
    return `${res.channel ?? channel} ${res.ts ?? ''}`.trim();
  },
};

/** The message a button was pressed on, rebuilt with the status and who changed it (chat.update). */
export async function updateMessage(c: SlackConnection, a: { channel: string; ts: string; alert: AlertMessage }) {
  await web(c).chat.update({ channel: a.channel, ts: a.ts, ...alertBlocks(a.alert) } as never);
}

/** Only the Slack user sees it (chat.postEphemeral): how to link their account. */
export async function postEphemeral(c: SlackConnection, a: { channel: string; user: string; text: string }) {
  await web(c).chat.postEphemeral({ channel: a.channel, user: a.user, text: a.text });
}

/** An issue link posted in a channel, unfurled (chat.unfurl with the message's channel and ts). */
export async function unfurl(c: SlackConnection, a: { channel: string; ts: string; url: string; alert: AlertMessage }) {
  await web(c).chat.unfurl({ channel: a.channel, ts: a.ts, unfurls: { [a.url]: unfurlBlocks(a.alert) } } as never);
}

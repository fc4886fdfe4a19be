// A webhook rule's body format: our JSON as the spec states it, or the message shape of a Slack or Discord
// incoming webhook (https://api.slack.com/messaging/webhooks, https://discord.com/developers/docs/resources/webhook).
import type { WebhookFormat } from '@/lib/zod/alerts';
import type { WebhookBody } from './payloads';
import { metricValueText } from './webhook-bodies';

/** What every format shows: a heading, the title, level, culprit and the link. */
type Summary = {
  heading: string;
  title: string;
  level: string | null;
  culprit: string | null;
  detail: string | null;
  url: string;
  linkText: string;
};

function summaryOf(b: WebhookBody): Summary {
  switch (b.type) {
    case 'new_issue':
      return {
        heading: `New issue in ${b.projectName}`,
        title: b.issue.title,
        level: b.issue.level,
        culprit: b.issue.culprit,
        detail: null,
        url: b.issueUrl,
        linkText: 'Open the issue',
      };
    case 'regression':
      return {
        heading: `Regression in ${b.projectName}`,
        title: b.issue.title,
        level: b.issue.level,
        culprit: b.issue.culprit,
        detail: 'A resolved issue received a new event and is unresolved again.',
        url: b.issueUrl,
        linkText: 'Open the issue',
      };
    case 'workflow':
      return {
        heading: b.heading,
        title: b.issue.title,
        level: b.issue.level,
        culprit: b.issue.culprit,
        detail: b.detail,
        url: b.issueUrl,
        linkText: 'Open the issue',
      };
    case 'error_rate':
      return {
        heading: `Error rate in ${b.projectName}`,
        title: `${b.count} errors in the last ${b.windowMinutes} ${b.windowMinutes === 1 ? 'minute' : 'minutes'}`,
        level: null,
        culprit: null,
        detail: `Threshold: ${b.threshold} errors`,
        url: b.issuesUrl,
        linkText: 'Open the issues',
      };
    case 'crash_free':
      return {
        heading:
          b.state === 'breached'
            ? `Crash-free ${b.metric} below ${b.below} % in ${b.projectName}`
            : `Crash-free ${b.metric} recovered in ${b.projectName}`,
        title: `${b.release}: ${b.crashFreeRate.toFixed(2)} % crash-free ${b.metric}`,
        level: null,
        culprit: null,
        detail: `${b.sessions} sessions in the last ${b.windowMinutes} minutes`,
        url: b.releasesUrl,
        linkText: 'Open the releases',
      };
    case 'metric_alert':
      return {
        heading:
          b.state === 'resolved'
            ? `Resolved: ${b.ruleName} in ${b.projectName}`
            : `${b.state === 'critical' ? 'Critical' : 'Warning'}: ${b.ruleName} in ${b.projectName}`,
        title: `${b.aggregate}${b.group ? ` (${b.group})` : ''} = ${metricValueText(b)}`,
        level: b.state === 'resolved' ? null : b.state,
        culprit: null,
        detail: `${b.state === 'resolved' ? 'Resolve threshold' : 'Threshold'}: ${b.direction} ${b.threshold}${b.comparison ? ' %' : ''}, over the last ${b.windowMinutes} ${b.windowMinutes === 1 ? 'minute' : 'minutes'}${b.comparison ? ` against ${b.comparison === '1d' ? 'a day' : 'a week'} before` : ''}`,
        url: b.alertsUrl,
        linkText: 'Open the alerts',
      };
    case 'monitor':
      return {
        heading:
          b.state === 'failing' ? `Monitor failing in ${b.projectName}` : `Monitor recovered in ${b.projectName}`,
        title:
          b.state === 'failing'
            ? `${b.monitor}: ${b.status}${b.detail ? ` (${b.detail})` : ''}`
            : `${b.monitor} is OK again`,
        level: null,
        culprit: null,
        detail: b.state === 'failing' ? `${b.failures} failed ${b.failures === 1 ? 'run' : 'runs'} in a row` : null,
        url: b.issueUrl ?? b.monitorsUrl,
        linkText: b.issueUrl ? 'Open the issue' : 'Open the monitors',
      };
  }
}

/** Cuts to `max` characters (with an ellipsis): the platforms refuse longer fields. */
export function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/** Slack mrkdwn: &, < and > are control characters (links, mentions such as <!channel>). */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type SlackMessage = { text: string; blocks: object[] };

/** Slack incoming webhook: `text` (the notification) plus Block Kit blocks with title, level, culprit and a button to the issue. */
export function slackMessage(b: WebhookBody): SlackMessage {
  const s = summaryOf(b);
  const fields = [{ type: 'mrkdwn', text: `*Project*\n${slackEscape(clip(b.projectName, 500))}` }];
  if (s.level) fields.push({ type: 'mrkdwn', text: `*Level*\n${s.level}` });
  const blocks: object[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(s.heading, 150), emoji: false } },
    { type: 'section', text: { type: 'mrkdwn', text: `*<${s.url}|${slackEscape(clip(s.title, 2000))}>*` }, fields },
  ];
  const context = [s.culprit ? `Culprit: \`${slackEscape(clip(s.culprit, 1000))}\`` : null, s.detail].filter(
    (t): t is string => t !== null,
  );
  if (context.length) blocks.push({ type: 'context', elements: context.map((text) => ({ type: 'mrkdwn', text })) });
  blocks.push({
    type: 'actions',
    elements: [{ type: 'button', text: { type: 'plain_text', text: s.linkText }, url: s.url }],
  });
  return { text: slackEscape(clip(`${s.heading}: ${s.title}`, 3000)), blocks };
}

/** Embed colours by level (Discord takes an RGB integer); error-rate alerts use the warning orange. */
const LEVEL_COLORS: Record<string, number> = {
  FATAL: 0x7f1d1d,
  ERROR: 0xdc2626,
  WARNING: 0xf59e0b,
  INFO: 0x2563eb,
  DEBUG: 0x6b7280,
};
const RATE_COLOR = 0xea580c;

export type DiscordMessage = {
  content: string;
  embeds: {
    title: string;
    description: string;
    url: string;
    color: number;
    fields: { name: string; value: string; inline: boolean }[];
  }[];
  allowed_mentions: { parse: string[] };
};

/** Discord webhook: `content` plus one embed with title, culprit, level, colour and the link; no mentions ever ping. */
export function discordMessage(b: WebhookBody): DiscordMessage {
  const s = summaryOf(b);
  const fields = [{ name: 'Project', value: clip(b.projectName, 1024) || '—', inline: true }];
  if (s.level) fields.unshift({ name: 'Level', value: s.level, inline: true });
  const description = [s.culprit ? `Culprit: ${s.culprit}` : null, s.detail]
    .filter((t): t is string => t !== null)
    .join('\n');
  return {
    content: clip(s.heading, 2000),
    embeds: [
      {
        title: clip(s.title, 256),
        description: clip(description || 'No culprit recorded.', 4096),
        url: s.url,
        color: s.level ? (LEVEL_COLORS[s.level] ?? LEVEL_COLORS.ERROR) : RATE_COLOR,
        fields,
      },
    ],
    // A title such as "@everyone" must not notify a whole server.
    allowed_mentions: { parse: [] },
  };
}

/** The exact bytes a rule posts (and signs). */
export function webhookPayload(format: WebhookFormat, body: WebhookBody): string {
  switch (format) {
    case 'json':
      return JSON.stringify(body);
    case 'slack':
      return JSON.stringify(slackMessage(body));
    case 'discord':
      return JSON.stringify(discordMessage(body));
  }
}

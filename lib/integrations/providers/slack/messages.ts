// Slack's Block Kit messages (#64): an alert with Resolve / Ignore / Assign to me buttons, the same message once a
// button was pressed, and an issue link's unfurl. A leaf: the worker and the interaction route both read it.
import type { AlertMessage } from '../../provider';

export type SlackConfig = { teamId: string; teamName?: string; channel?: string; apiUrl?: string };
export type SlackSecrets = { botToken: string };
export type SlackProject = { channel: string };

/** The buttons' action ids; each button's value is the issue's id. */
export const SLACK_ACTIONS = { resolve: 'issue_resolve', ignore: 'issue_ignore', assign: 'issue_assign_me' } as const;

/** Slack's Web API base (with its trailing slash): the integration's, else SLACK_API_URL, else slack.com's. */
export function slackApiUrl(config: Pick<SlackConfig, 'apiUrl'>): string {
  const base = config.apiUrl || process.env.SLACK_API_URL?.trim() || 'https://slack.com/api/';
  return base.endsWith('/') ? base : `${base}/`;
}

/** Slack's mrkdwn: &, < and > escaped (https://api.slack.com/reference/surfaces/formatting#escaping). */
export const escapeMrkdwn = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function statusText(status: string): string {
  return status === 'RESOLVED' ? 'Resolved' : status === 'IGNORED' ? 'Ignored' : 'Unresolved';
}

/** The blocks of an alert: heading, the linked title, culprit and counts, the top frame, then the buttons. */
export function alertBlocks(m: AlertMessage): { text: string; blocks: unknown[] } {
  if (m.metric) return metricBlocks(m, m.metric);
  const title = `<${m.issueUrl}|${escapeMrkdwn(clip(m.title, 200))}>`;
  const facts = [
    `*Level:* ${escapeMrkdwn(m.level)}`,
    `*Status:* ${statusText(m.status)}`,
    `*Events:* ${m.eventCount}`,
    `*Users:* ${m.userCount}`,
  ];
  const frame = m.frames[0];
  const blocks: unknown[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(m.heading, 150) } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: `${title}${m.culprit ? `\n${escapeMrkdwn(clip(m.culprit, 300))}` : ''}` },
    },
    { type: 'section', fields: facts.map((text) => ({ type: 'mrkdwn', text })) },
  ];
  if (frame)
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: escapeMrkdwn(clip(`${frame.function ?? '?'} in ${frame.filename}:${frame.lineno ?? '?'}`, 300)),
        },
      ],
    });
  if (m.footnote) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: escapeMrkdwn(m.footnote) }] });
  const button = (text: string, action_id: string, style?: 'primary' | 'danger') => ({
    type: 'button',
    text: { type: 'plain_text', text },
    action_id,
    value: m.issueId,
    ...(style ? { style } : {}),
  });
  blocks.push({
    type: 'actions',
    block_id: `issue:${m.issueId}`,
    elements: [
      m.status === 'RESOLVED'
        ? button('Unresolve', SLACK_ACTIONS.resolve)
        : button('Resolve', SLACK_ACTIONS.resolve, 'primary'),
      button(m.status === 'IGNORED' ? 'Stop ignoring' : 'Ignore', SLACK_ACTIONS.ignore),
      button('Assign to me', SLACK_ACTIONS.assign),
    ],
  });
  return { text: `${m.heading}: ${clip(m.title, 200)}`, blocks };
}

/** An issue link's unfurl: its title, culprit and status, without buttons. */
export function unfurlBlocks(m: AlertMessage): { blocks: unknown[] } {
  return {
    blocks: alertBlocks({ ...m, heading: `${m.project}: ${statusText(m.status)}`, footnote: null }).blocks.filter(
      (b) => (b as { type: string }).type !== 'actions',
    ),
  };
}

/** A metric alert incident (#62): its level, value and threshold, and a link to the Alerts page; no issue buttons. */
function metricBlocks(m: AlertMessage, metric: NonNullable<AlertMessage['metric']>) {
  const facts = [
    `*Level:* ${metric.state}`,
    `*Value:* ${m.title.slice(m.title.lastIndexOf(' = ') + 3)}`,
    `*Aggregate:* ${escapeMrkdwn(clip(`${metric.dataset} ${metric.aggregate}`, 200))}`,
    `*Window:* ${metric.windowMinutes} min`,
  ];
  const blocks: unknown[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(m.heading, 150) } },
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `<${m.issueUrl}|${escapeMrkdwn(clip(metric.ruleName, 200))}>${m.culprit ? `\n${escapeMrkdwn(clip(m.culprit, 300))}` : ''}`,
      },
    },
    { type: 'section', fields: facts.map((text) => ({ type: 'mrkdwn', text })) },
    {
      type: 'actions',
      elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open the Alerts page' }, url: m.issueUrl }],
    },
  ];
  return { text: `${m.heading}: ${clip(m.title, 200)}`, blocks };
}

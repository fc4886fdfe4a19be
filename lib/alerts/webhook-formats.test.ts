import { describe, expect, it } from 'vitest';
import type { ErrorRateWebhookBody, NewIssueWebhookBody, RegressionWebhookBody } from './payloads';
import { clip, discordMessage, slackMessage, webhookPayload } from './webhook-formats';

const URL = 'https://tracker.example.com/projects/p1/issues/i1';
const issue = {
  id: 'i1',
  title: 'TypeError: x is undefined',
  culprit: 'app.js in handleClick',
  level: 'WARNING',
  status: 'UNRESOLVED',
  eventCount: 3,
  firstSeen: '2026-11-23T10:00:00.000Z',
  projectId: 'p1',
};
const newIssue: NewIssueWebhookBody = { type: 'new_issue', projectName: 'Web', issue, issueUrl: URL };
const regression: RegressionWebhookBody = {
  type: 'regression',
  projectName: 'Web',
  issue: { ...issue, regressedAt: '2026-11-23T11:00:00.000Z' },
  issueUrl: URL,
};
const rate: ErrorRateWebhookBody = {
  type: 'error_rate',
  projectName: 'Web',
  count: 12,
  threshold: 10,
  windowMinutes: 1,
  issuesUrl: 'https://tracker.example.com/projects/p1/issues',
};

describe('slackMessage', () => {
  it('new issue: header, linked title, project and level fields, culprit, button', () => {
    expect(slackMessage(newIssue)).toEqual({
      text: 'New issue in Web: TypeError: x is undefined',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'New issue in Web', emoji: false } },
        {
          type: 'section',
          text: { type: 'mrkdwn', text: `*<${URL}|TypeError: x is undefined>*` },
          fields: [
            { type: 'mrkdwn', text: '*Project*\nWeb' },
            { type: 'mrkdwn', text: '*Level*\nWARNING' },
          ],
        },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'Culprit: `app.js in handleClick`' }] },
        {
          type: 'actions',
          elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open the issue' }, url: URL }],
        },
      ],
    });
  });

  it('error rate: no level, the threshold as context, a link to the issues', () => {
    const m = slackMessage(rate);
    expect(m.text).toBe('Error rate in Web: 12 errors in the last 1 minute');
    expect(m.blocks[1]).toEqual({
      type: 'section',
      text: { type: 'mrkdwn', text: `*<${rate.issuesUrl}|12 errors in the last 1 minute>*` },
      fields: [{ type: 'mrkdwn', text: '*Project*\nWeb' }],
    });
    expect(m.blocks[2]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'Threshold: 10 errors' }] });
    expect(m.blocks[3]).toMatchObject({ elements: [{ text: { text: 'Open the issues' }, url: rate.issuesUrl }] });
  });

  it('escapes mrkdwn control characters so an error message cannot mention <!channel> or forge a link', () => {
    const m = slackMessage({
      ...newIssue,
      issue: { ...issue, title: 'Error: <!channel> & <https://evil.example|click>', culprit: null },
    });
    expect(m.text).toBe('New issue in Web: Error: &lt;!channel&gt; &amp; &lt;https://evil.example|click&gt;');
    expect(JSON.stringify(m.blocks)).not.toContain('<!channel>');
    // Without a culprit the context block is left out.
    expect(m.blocks.map((b) => (b as { type: string }).type)).toEqual(['header', 'section', 'actions']);
  });

  it('clips fields to what Slack accepts (header 150 characters)', () => {
    const long = slackMessage({ ...newIssue, projectName: 'P'.repeat(400) });
    const header = long.blocks[0] as { text: { text: string } };
    expect(header.text.text).toHaveLength(150);
    expect(header.text.text.endsWith('…')).toBe(true);
  });
});

describe('discordMessage', () => {
  it('regression: content, embed with title, culprit + explanation, level and project fields, level colour, url; no mentions', () => {
    expect(discordMessage(regression)).toEqual({
      content: 'Regression in Web',
      embeds: [
        {
          title: 'TypeError: x is undefined',
          description: 'Culprit: app.js in handleClick\nA resolved issue received a new event and is unresolved again.',
          url: URL,
          color: 0xf59e0b,
          fields: [
            { name: 'Level', value: 'WARNING', inline: true },
            { name: 'Project', value: 'Web', inline: true },
          ],
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });

  it('colours by level; error rate uses orange and has no level field', () => {
    const colour = (level: string) => discordMessage({ ...newIssue, issue: { ...issue, level } }).embeds[0].color;
    expect(['FATAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG'].map(colour)).toEqual([
      0x7f1d1d, 0xdc2626, 0xf59e0b, 0x2563eb, 0x6b7280,
    ]);
    const r = discordMessage(rate).embeds[0];
    expect(r).toEqual({
      title: '12 errors in the last 1 minute',
      description: 'Threshold: 10 errors',
      url: rate.issuesUrl,
      color: 0xea580c,
      fields: [{ name: 'Project', value: 'Web', inline: true }],
    });
  });

  it('a new issue without a culprit says so; the title is clipped to 256 characters', () => {
    const e = discordMessage({ ...newIssue, issue: { ...issue, culprit: null, title: 'E'.repeat(300) } }).embeds[0];
    expect(e.description).toBe('No culprit recorded.');
    expect(e.title).toHaveLength(256);
  });
});

describe('webhookPayload', () => {
  it('json is the body itself; slack and discord are their messages', () => {
    expect(webhookPayload('json', newIssue)).toBe(JSON.stringify(newIssue));
    expect(JSON.parse(webhookPayload('slack', newIssue))).toEqual(slackMessage(newIssue));
    expect(JSON.parse(webhookPayload('discord', newIssue))).toEqual(discordMessage(newIssue));
  });

  it('clip leaves short text alone', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcd', 3)).toBe('ab…');
  });
});

// #45: feedback names the page it was sent from and the browser. The browser SDK's feedback event carries the page in
// contexts.feedback.url and request.url, and the browser only as its User-Agent (request.headers), read at ingest as
// an event's is; a context the SDK did send is kept. A user report (or the crash-report dialog) names neither: its
// event's page and browser are answered, from the same project only.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { jsonEnvelope } from '../support/envelope-body';

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const hex = () => crypto.randomUUID().replace(/-/g, '');

async function setup(name: string) {
  const s = await signUp();
  const project = await createProject(s.client, name);
  const key = project.keys[0].publicKey;
  const envelope = (items: { type: string; payload: object }[], header: object = {}) => {
    return s.client.post(`/api/${project.number}/envelope/?sentry_key=${key}`, jsonEnvelope(items, header), {
      headers: { 'content-type': 'application/x-sentry-envelope' },
    });
  };
  type Entry = { message: string; url: string | null; browser: string | null; os: string | null };
  const feedback = async () =>
    (await s.client.get(`/api/v1/projects/${project.id}/feedback`, { query: { status: 'all' } })).body.data
      .feedback as Entry[];
  return { ...s, project, envelope, feedback };
}

/** A feedback event as @sentry/browser sends it (HttpContext puts the page and User-Agent in `request`). */
const widgetFeedback = (message: string, extra: { contexts?: object; feedbackUrl?: string; ua?: string } = {}) => ({
  type: 'feedback',
  event_id: hex(),
  timestamp: Date.now() / 1000,
  contexts: {
    ...extra.contexts,
    feedback: { message, source: 'widget', ...(extra.feedbackUrl ? { url: extra.feedbackUrl } : {}) },
  },
  request: {
    url: 'https://shop.example/basket?step=2',
    headers: { 'User-Agent': extra.ua ?? CHROME_ON_MAC },
  },
});

describe('feedback: the page and the browser', () => {
  it("reads the browser off the widget's User-Agent, keeps a browser the SDK named, falls back to the request's page", async () => {
    const t = await setup('Shop');
    const res = await t.envelope([
      { type: 'feedback', payload: widgetFeedback('From the widget', { feedbackUrl: 'https://shop.example/basket' }) },
      { type: 'feedback', payload: widgetFeedback('Without contexts.feedback.url') },
      {
        type: 'feedback',
        payload: widgetFeedback('The SDK named its browser', {
          contexts: { browser: { name: 'Edge', version: '120' }, os: { name: 'Windows', version: '11' } },
          ua: FIREFOX_ON_LINUX,
        }),
      },
    ]);
    expect(res.status, res.text).toBe(200);
    const byMessage = Object.fromEntries((await t.feedback()).map((f) => [f.message, [f.url, f.browser, f.os]]));
    expect(byMessage).toEqual({
      'From the widget': ['https://shop.example/basket', 'Chrome 131.0.0.0', 'Mac OS 10.15.7'],
      'Without contexts.feedback.url': ['https://shop.example/basket?step=2', 'Chrome 131.0.0.0', 'Mac OS 10.15.7'],
      'The SDK named its browser': ['https://shop.example/basket?step=2', 'Edge 120', 'Windows 11'],
    });
  });

  it("answers a user report with its event's page and browser, never another project's", async () => {
    const t = await setup('Reports');
    const eventId = hex();
    const stored = await t.envelope(
      [
        {
          type: 'event',
          payload: {
            event_id: eventId,
            message: 'save failed',
            level: 'error',
            request: { url: 'https://app.example/editor', headers: { 'User-Agent': FIREFOX_ON_LINUX } },
          },
        },
        { type: 'user_report', payload: { event_id: eventId, name: 'Grace', comments: 'It crashed on save' } },
      ],
      { event_id: eventId },
    );
    expect(stored.status, stored.text).toBe(200);
    await expect.poll(async () => (await t.feedback())[0]?.url, { timeout: 10_000 }).toBe('https://app.example/editor');
    expect((await t.feedback())[0]).toMatchObject({
      message: 'It crashed on save',
      browser: 'Firefox 128.0',
      os: 'Ubuntu',
    });

    // Another organization reporting about the same event id: its own project has no such event, nothing leaks.
    const other = await setup('Elsewhere');
    const report = await other.envelope([
      { type: 'user_report', payload: { event_id: eventId, name: 'Mallory', comments: 'Whose page?' } },
    ]);
    expect(report.status, report.text).toBe(200);
    expect(await other.feedback()).toEqual([
      expect.objectContaining({ message: 'Whose page?', url: null, browser: null, os: null }),
    ]);
  });
});

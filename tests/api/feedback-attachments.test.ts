// #33: user feedback and attachments. The real @sentry/node sends an error with a text file and a PNG attached
// (scope.addAttachment) and feedback about it with a screenshot (captureFeedback); the test reads them back through
// the API: the feedback on its issue and in the inbox, the attachments with size and type, downloads with the
// headers that keep them from running (HTML and SVG never served as a page), never to another organization (404).
// A legacy user_report and the crash-report dialog's POST are feedback too; an attachment over the cap is refused as
// an outcome while its event is stored; bad feedback is 400 naming the field.
import crypto from 'node:crypto';
import * as Sentry from '@sentry/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as download from '@/app/api/v1/projects/[projectId]/attachments/[attachmentId]/route';
import { ATTACHMENT_MAX_BYTES } from '@/lib/ingest/items/attachments/parse-attachment';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { outboxFor, signUp } from '../support/accounts';
import { waitUntil } from '../support/wait';
import { createProject } from '../support/fixtures';
import { envelopeWithLengths } from '../support/envelope-body';
import { startSentryServer } from './sentry-server';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let server: Awaited<ReturnType<typeof startSentryServer>>;
beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

async function setup(name = 'Checkout') {
  const s = await signUp();
  const project = await createProject(s.client, name);
  const key = project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string };
  const envelope = async (header: object, items: { header: Record<string, unknown>; payload: string | Buffer }[]) => {
    const body = envelopeWithLengths(header, items);
    // As an SDK's HTTP client sends it (an in-process Request has no Content-Length of its own).
    return s.client.post(`/api/${project.number}/envelope/?sentry_key=${key.publicKey}`, body, {
      headers: { 'content-type': 'application/x-sentry-envelope', 'content-length': String(body.length) },
    });
  };
  /** The raw bytes and headers of a download, as a browser gets them. */
  const fetchAttachment = async (url: string, cookie = s.client.cookie) => {
    const u = new URL(url, 'http://localhost');
    const [, , , , projectId, , attachmentId] = u.pathname.split('/');
    const res = await download.GET(new Request(u, { headers: { cookie: cookie ?? '' } }), {
      params: Promise.resolve({ projectId, attachmentId }),
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  return { ...s, project, dsn: server.dsn(key.sentryDsn), envelope, fetchAttachment };
}

describe('feedback and attachments from the real @sentry/node', () => {
  it('an error with a log and a PNG attached, feedback about it with a screenshot: on the issue, in the inbox, downloadable', async () => {
    const t = await setup();
    // The project emails its members on new feedback.
    const on = await t.client.patch(`/api/v1/projects/${t.project.id}`, { name: 'Checkout', notifyFeedback: true });
    expect([on.status, on.body.data.notifyFeedback]).toEqual([200, true]);
    Sentry.init({ dsn: t.dsn, defaultIntegrations: false, release: 'shop@1.0.0' });
    let eventId = '';
    Sentry.withScope((scope) => {
      scope.addAttachment({
        filename: 'checkout.log',
        data: 'POST /checkout 500\ncard declined\n',
        contentType: 'text/plain',
      });
      scope.addAttachment({ filename: 'cart.png', data: PNG, contentType: 'image/png' });
      eventId = Sentry.captureException(new Error('Checkout button does nothing'));
    });
    expect(await Sentry.flush(5000)).toBe(true);
    const feedbackId = Sentry.captureFeedback(
      {
        message: 'The checkout button does nothing',
        name: 'Ada',
        email: 'ada@example.com',
        url: 'https://shop.example/checkout',
        associatedEventId: eventId,
      },
      { attachments: [{ filename: 'screenshot.png', data: PNG, contentType: 'image/png' }] },
    );
    expect(await Sentry.flush(5000)).toBe(true);
    await Sentry.close(2000);

    // The event's attachments.
    const listed = await t.client.get(`/api/v1/projects/${t.project.id}/attachments`, { query: { eventId } });
    expect(listed.status, listed.text).toBe(200);
    expect(
      listed.body.data.map((a: { filename: string; contentType: string; size: number }) => [
        a.filename,
        a.contentType,
        a.size,
      ]),
    ).toEqual([
      ['checkout.log', 'text/plain', 33],
      ['cart.png', 'image/png', PNG.length],
    ]);
    const [log, png] = listed.body.data as { url: string; inlineUrl: string | null }[];
    expect(log.inlineUrl).toBeNull();
    const gotLog = await t.fetchAttachment(log.url);
    expect(gotLog.bytes.toString()).toBe('POST /checkout 500\ncard declined\n');
    expect(Object.fromEntries(gotLog.headers)).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': `attachment; filename="checkout.log"; filename*=UTF-8''checkout.log`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    const gotPng = await t.fetchAttachment(png.inlineUrl!);
    expect(gotPng.bytes.equals(PNG)).toBe(true);
    expect(gotPng.headers.get('content-type')).toBe('image/png');
    expect(gotPng.headers.get('content-disposition')).toMatch(/^inline; /);

    // The feedback: on its issue, and in the inbox with its screenshot.
    const issues = (await t.client.get(`/api/v1/projects/${t.project.id}/issues`)).body.data.issues as {
      id: string;
      title: string;
    }[];
    const issue = issues.find((i) => i.title.includes('Checkout button does nothing'))!;
    const onIssue = await t.client.get(`/api/v1/projects/${t.project.id}/issues/${issue.id}/feedback`);
    expect(onIssue.body.data).toHaveLength(1);
    expect(onIssue.body.data[0]).toMatchObject({
      eventId: feedbackId,
      associatedEventId: eventId,
      issueId: issue.id,
      message: 'The checkout button does nothing',
      name: 'Ada',
      email: 'ada@example.com',
      url: 'https://shop.example/checkout',
      source: 'api',
      status: 'new',
    });
    expect(onIssue.body.data[0].attachments.map((a: { filename: string }) => a.filename)).toEqual(['screenshot.png']);
    const inbox = await t.client.get(`/api/v1/projects/${t.project.id}/feedback`, {
      query: { query: 'checkout button' },
    });
    expect(inbox.body.data.feedback.map((f: { message: string }) => f.message)).toEqual([
      'The checkout button does nothing',
    ]);
    expect(inbox.body.data.counts).toEqual({ new: 1, resolved: 0, spam: 0 });
    await waitUntil(() => outboxFor(t.email, 'feedback').length === 1);
    expect(outboxFor(t.email, 'feedback')[0]).toMatchObject({
      subject: '[Checkout] New feedback: The checkout button does nothing',
    });

    // Triage: assign to self, resolve; it leaves the "new" view.
    const me = (await t.client.get('/api/v1/auth/me')).body.data.id as string;
    const id = inbox.body.data.feedback[0].id as string;
    const patched = await t.client.patch(`/api/v1/projects/${t.project.id}/feedback/${id}`, {
      status: 'resolved',
      assigneeId: me,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({ status: 'resolved', assignee: { id: me } });
    expect((await t.client.get(`/api/v1/projects/${t.project.id}/feedback`)).body.data.feedback).toEqual([]);
    expect(
      (await t.client.get(`/api/v1/projects/${t.project.id}/feedback`, { query: { status: 'resolved' } })).body.data
        .feedback,
    ).toHaveLength(1);

    // Another organization: 404 for every path, nothing changed.
    const stranger = await signUp();
    expect(
      (await stranger.client.get(`/api/v1/projects/${t.project.id}/attachments`, { query: { eventId } })).status,
    ).toBe(404);
    expect((await t.fetchAttachment(log.url, stranger.client.cookie)).status).toBe(404);
    expect((await t.fetchAttachment(log.url, '')).status).toBe(401);
    expect((await stranger.client.get(`/api/v1/projects/${t.project.id}/feedback`)).status).toBe(404);
    expect(
      (await stranger.client.patch(`/api/v1/projects/${t.project.id}/feedback/${id}`, { status: 'spam' })).status,
    ).toBe(404);
    expect((await stranger.client.get(`/api/v1/projects/${t.project.id}/issues/${issue.id}/feedback`)).status).toBe(
      404,
    );
    expect(
      (await t.client.get(`/api/v1/projects/${t.project.id}/feedback`, { query: { status: 'resolved' } })).body.data
        .feedback[0].status,
    ).toBe('resolved');
  });
});

describe('attachments served safely, capped', () => {
  it('HTML and SVG with scripts are downloads typed application/octet-stream, never pages', async () => {
    const t = await setup();
    const eventId = crypto.randomUUID().replace(/-/g, '');
    const res = await t.envelope({ event_id: eventId }, [
      {
        header: { type: 'event' },
        payload: JSON.stringify({ event_id: eventId, message: 'with files', level: 'error' }),
      },
      {
        header: { type: 'attachment', filename: 'page.html', content_type: 'text/html' },
        payload: '<script>parent.pwned = 1</script>',
      },
      {
        header: { type: 'attachment', filename: '../../evil "name".svg', content_type: 'image/svg+xml' },
        payload: '<svg xmlns="http://www.w3.org/2000/svg"><script>parent.pwned = 1</script></svg>',
      },
    ]);
    expect(res.status, res.text).toBe(200);
    const list = (await t.client.get(`/api/v1/projects/${t.project.id}/attachments`, { query: { eventId } })).body
      .data as { filename: string; url: string; inlineUrl: string | null }[];
    expect(list.map((a) => [a.filename, a.inlineUrl])).toEqual([
      ['page.html', null],
      ['evil name.svg', null],
    ]);
    for (const a of list) {
      // Even asked for inline, neither is served as something a browser renders.
      const got = await t.fetchAttachment(`${a.url}?inline=1`);
      expect(got.headers.get('content-type')).toBe('application/octet-stream');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment; /);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('an attachment over the cap is refused as an outcome while its event is stored; envelopes past 1 MiB only for attachments', async () => {
    const t = await setup();
    const eventId = crypto.randomUUID().replace(/-/g, '');
    const res = await t.envelope({ event_id: eventId }, [
      {
        header: { type: 'event' },
        payload: JSON.stringify({ event_id: eventId, message: 'big upload', level: 'error' }),
      },
      { header: { type: 'attachment', filename: 'core.dump' }, payload: Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 1) },
      { header: { type: 'attachment', filename: 'small.txt' }, payload: 'fine' },
    ]);
    expect(res.status, res.text).toBe(200);
    const issues = (await t.client.get(`/api/v1/projects/${t.project.id}/issues`)).body.data.issues;
    expect(issues.map((i: { title: string }) => i.title)).toEqual(['big upload']);
    const list = (await t.client.get(`/api/v1/projects/${t.project.id}/attachments`, { query: { eventId } })).body.data;
    expect(list.map((a: { filename: string; contentType: string }) => [a.filename, a.contentType])).toEqual([
      ['small.txt', 'application/octet-stream'],
    ]);
    await flushOutcomes();
    const rows = (await t.client.get(`/api/v1/projects/${t.project.id}/stats`)).body.data.rows as {
      category: string;
      outcome: string;
      reason: string;
      quantity: number;
    }[];
    const counted = Object.fromEntries(
      rows.filter((r) => r.category === 'attachment').map((r) => [`${r.outcome}/${r.reason}`, r.quantity]),
    );
    expect(counted).toEqual({ 'accepted/': 1, 'invalid/too_large': 1 });

    // An event item past 1 MiB is still too large, attachments or not.
    const big = crypto.randomUUID().replace(/-/g, '');
    const tooBig = await t.envelope({ event_id: big }, [
      {
        header: { type: 'event' },
        payload: JSON.stringify({ event_id: big, message: 'x'.repeat(1024 * 1024 + 10), level: 'error' }),
      },
    ]);
    expect(tooBig.status).toBe(413);
  });
});

describe('legacy user reports, the crash-report dialog, bad feedback', () => {
  it('a user_report and a dialog report are feedback on the event; bad ones are 400 naming the field', async () => {
    const t = await setup();
    const eventId = crypto.randomUUID().replace(/-/g, '');
    // The report first, its event after: linked once the event is stored.
    const report = await t.envelope({}, [
      {
        header: { type: 'user_report' },
        payload: JSON.stringify({
          event_id: eventId,
          name: 'Grace',
          email: 'grace@example.com',
          comments: 'It crashed on save',
        }),
      },
    ]);
    expect(report.status, report.text).toBe(200);
    expect(
      (
        await t.envelope({ event_id: eventId }, [
          {
            header: { type: 'event' },
            payload: JSON.stringify({ event_id: eventId, message: 'save failed', level: 'error' }),
          },
        ])
      ).status,
    ).toBe(200);
    const dsn = (t.project.keys[0] as unknown as { sentryDsn: string }).sentryDsn;
    const dialogUrl = `/api/embed/error-page/?dsn=${encodeURIComponent(dsn)}&eventId=${eventId}&name=Linus`;
    const script = await t.client.get(dialogUrl);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('"name":"Linus"');
    const posted = await t.client.post(dialogUrl, 'name=Linus&email=linus%40example.com&comments=Lost+my+draft', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status, posted.text).toBe(200);
    const issue = (await t.client.get(`/api/v1/projects/${t.project.id}/issues`)).body.data.issues[0];
    const onIssue = (await t.client.get(`/api/v1/projects/${t.project.id}/issues/${issue.id}/feedback`)).body.data as {
      message: string;
      source: string;
      name: string;
    }[];
    expect(onIssue.map((f) => [f.source, f.name, f.message]).sort()).toEqual([
      ['crash_report_dialog', 'Linus', 'Lost my draft'],
      ['user_report', 'Grace', 'It crashed on save'],
    ]);

    for (const [url, body, status, path] of [
      [dialogUrl, 'name=Linus&comments=', 400, 'comments'],
      [dialogUrl, 'email=not-an-email&comments=hi', 400, 'email'],
      [`/api/embed/error-page/?dsn=${encodeURIComponent(dsn)}`, 'comments=hi', 400, 'eventId'],
      [
        `/api/embed/error-page/?dsn=${encodeURIComponent(dsn.replace(/\/\/[^@]+@/, '//nope@'))}&eventId=${eventId}`,
        'comments=hi',
        401,
        null,
      ],
    ] as const) {
      const res = await t.client.post(url, body, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.status, `${url} ${body}`).toBe(status);
      if (path) expect(res.body.error.map((e: { path: string[] }) => e.path.join('.'))).toEqual([path]);
    }
    // A feedback item without a message is counted invalid; the envelope's other items are kept.
    const bad = await t.envelope({}, [
      { header: { type: 'feedback' }, payload: JSON.stringify({ contexts: { feedback: { name: 'No message' } } }) },
      { header: { type: 'feedback' }, payload: JSON.stringify({ contexts: { feedback: { message: 'Kept' } } }) },
    ]);
    expect(bad.status).toBe(200);
    const all = (await t.client.get(`/api/v1/projects/${t.project.id}/feedback`, { query: { status: 'all' } })).body
      .data.feedback as { message: string }[];
    expect(all.map((f) => f.message).sort()).toEqual(['It crashed on save', 'Kept', 'Lost my draft']);
    for (const [query, field] of [
      [{ status: 'open' }, 'status'],
      [{ cursor: 'garbage' }, 'cursor'],
    ] as const) {
      const res = await t.client.get(`/api/v1/projects/${t.project.id}/feedback`, { query });
      expect(res.status).toBe(400);
      expect(res.body.error[0].path).toEqual(['query', field]);
    }
  });
});

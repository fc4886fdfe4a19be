// Sentry's crash-report dialog (#33): `Sentry.showReportDialog()` loads a script from
// `<DSN host>/api/embed/error-page/?dsn=…&eventId=…[&name=…&email=…&title=…]`. GET answers that script (a dialog
// in a shadow root, every text set with textContent); the dialog POSTs name, email and comments to the same URL,
// stored as feedback about the event (source crash_report_dialog). Authenticated by the DSN's public key, throttled
// like ingest (one token of the key's rate limit per request), body capped at 64 KiB.
import { z } from 'zod';
import { env } from '@/lib/env';
import { issuesFromZod, type FieldIssue } from '@/lib/errors';
import { keyShape } from '@/lib/ingest/admit/resolve-key';
import { reserveIngestTokens } from '@/lib/ingest/admit/rate-limit';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { resolveSentryKey } from '@/lib/ingest/admit/resolve-sentry-key';
import { keyFromDsn } from '@/lib/envelope/sentry-auth';
import { storableString } from '@/lib/envelope/prepare-json';
import { feedback, MAX_FEEDBACK_MESSAGE, userReportItem } from '@/lib/ingest/items/feedback';
import { newStoreContext } from '@/lib/ingest/items/kind';
import { preflight } from './answer';

export const DIALOG_BODY_CAP = 64 * 1024;
const CORS = { ...preflight('Content-Type', 'GET, POST, OPTIONS'), 'cache-control': 'no-store' };

type Answer = { status: number; body: string; headers: Record<string, string> };
const json = (status: number, value: unknown): Answer => ({
  status,
  body: JSON.stringify(value),
  headers: { ...CORS, 'content-type': 'application/json; charset=utf-8' },
});
const problem = (status: number, message: string, error?: FieldIssue[]) =>
  json(status, { statusCode: status, message, ...(error ? { error } : {}) });

const hex32 = z
  .string({ message: 'Give the eventId of the error the report is about' })
  .transform((v) => v.replace(/-/g, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'An event id is 32 hex characters'));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? storableString(v) : null));
const params = z.object({
  dsn: z.string({ message: 'Give the dsn' }).max(500),
  eventId: hex32,
  name: optionalText(200),
  email: optionalText(254),
  title: optionalText(200),
  subtitle: optionalText(200),
  subtitle2: optionalText(200),
  labelComments: optionalText(100),
  labelSubmit: optionalText(100),
  successMessage: optionalText(200),
});
const report = z.object({
  name: optionalText(200),
  email: z
    .union([z.literal(''), z.email({ message: 'Must be a valid email address' }).max(254)])
    .optional()
    .transform((v) => v || null),
  comments: z
    .string({ message: 'Tell us what happened' })
    .trim()
    .min(1, 'Tell us what happened')
    .max(MAX_FEEDBACK_MESSAGE)
    .transform(storableString),
});

async function keyOf(dsn: string) {
  let number = '';
  try {
    number =
      new URL(dsn).pathname
        .replace(/^\/+|\/+$/g, '')
        .split('/')
        .pop() ?? '';
  } catch {
    return null;
  }
  const publicKey = keyFromDsn(dsn);
  return publicKey ? resolveSentryKey(publicKey, number) : null;
}

/** GET, POST and OPTIONS of /api/embed/error-page/. */
export async function reportDialog({
  method,
  url,
  readBody,
  contentType,
}: {
  method: string;
  url: URL;
  readBody: () => Promise<Buffer | null>;
  contentType: string | null;
}): Promise<Answer> {
  if (method === 'OPTIONS') return { status: 204, body: '', headers: CORS };
  const p = params.safeParse(Object.fromEntries(url.searchParams));
  if (!p.success) return problem(400, 'Validation failed', issuesFromZod(p.error));
  const key = await keyOf(p.data.dsn);
  if (!key) return problem(401, 'Invalid or disabled DSN');
  if (!(await reserveIngestTokens(key.publicKey, 1, keyShape(key))))
    return {
      ...problem(429, 'Rate limit exceeded'),
      headers: { ...CORS, 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' },
    };
  if (method === 'GET')
    return {
      status: 200,
      body: dialogScript(url, p.data),
      headers: { ...CORS, 'content-type': 'text/javascript; charset=utf-8' },
    };
  if (method !== 'POST') return problem(405, 'Method not allowed');
  const raw = await readBody();
  if (raw === null) return problem(413, 'Report too large');
  const text = raw.toString('utf8');
  let fields: unknown;
  try {
    fields = contentType?.includes('application/json')
      ? JSON.parse(text)
      : Object.fromEntries(new URLSearchParams(text));
  } catch {
    return problem(400, 'Validation failed', [{ path: [], message: 'Body must be a form or a JSON object' }]);
  }
  const r = report.safeParse(fields);
  if (!r.success) {
    recordOutcome({ projectId: key.projectId, category: 'feedback', outcome: 'invalid', reason: 'validation' });
    return problem(400, 'Validation failed', issuesFromZod(r.error));
  }
  await feedback.store(
    key,
    [userReportItem({ event_id: p.data.eventId, ...r.data }, 'crash_report_dialog')],
    newStoreContext(),
  );
  return json(200, {});
}

/** Text for a script: JSON with `<` escaped, so no value can close a tag or start a comment. */
const literal = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function dialogScript(url: URL, p: z.infer<typeof params>): string {
  const options = {
    // The address the script was loaded from (the DSN's host, which is APP_URL).
    endpoint: `${env.appUrl}/api/embed/error-page/?${url.searchParams.toString()}`,
    name: p.name ?? '',
    email: p.email ?? '',
    title: p.title ?? 'It looks like we’re having issues.',
    subtitle: p.subtitle ?? 'Our team has been notified.',
    subtitle2: p.subtitle2 ?? 'If you’d like to help, tell us what happened below.',
    labelComments: p.labelComments ?? 'What happened?',
    labelSubmit: p.labelSubmit ?? 'Submit Crash Report',
    successMessage: p.successMessage ?? 'Your feedback has been sent. Thank you!',
  };
  return `(function () {
  var o = ${literal(options)};
  var host = document.createElement('div');
  host.setAttribute('data-sentry-report-dialog', '');
  var root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
  var css = document.createElement('style');
  css.textContent = ${literal(DIALOG_CSS)};
  root.appendChild(css);
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text) e.textContent = text;
    return e;
  }
  var backdrop = el('div', { class: 'backdrop' });
  var dialog = el('div', { class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'sentry-rd-title' });
  dialog.appendChild(el('h2', { id: 'sentry-rd-title' }, o.title));
  dialog.appendChild(el('p', {}, o.subtitle + ' ' + o.subtitle2));
  var form = el('form', { novalidate: '' });
  function field(label, input) {
    var l = el('label', {}, label);
    l.appendChild(input);
    form.appendChild(l);
    return input;
  }
  var name = field('Name', el('input', { name: 'name', autocomplete: 'name' }));
  name.value = o.name;
  var email = field('Email', el('input', { name: 'email', type: 'email', autocomplete: 'email' }));
  email.value = o.email;
  field(o.labelComments, el('textarea', { name: 'comments', rows: '5', required: '' }));
  var status = el('p', { class: 'status', role: 'status' });
  form.appendChild(status);
  var actions = el('div', { class: 'actions' });
  var close = el('button', { type: 'button', class: 'secondary' }, 'Close');
  var submit = el('button', { type: 'submit' }, o.labelSubmit);
  actions.appendChild(close);
  actions.appendChild(submit);
  form.appendChild(actions);
  dialog.appendChild(form);
  backdrop.appendChild(dialog);
  root.appendChild(backdrop);
  function done() {
    if (host.parentNode) host.parentNode.removeChild(host);
    window.postMessage('__sentry_reportdialog_closed__', '*');
  }
  close.addEventListener('click', done);
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    submit.disabled = true;
    status.textContent = '';
    var body = new URLSearchParams();
    body.set('name', name.value);
    body.set('email', email.value);
    body.set('comments', form.querySelector('textarea').value);
    fetch(o.endpoint, { method: 'POST', body: body }).then(function (r) {
      return r.json().then(function (b) {
        if (!r.ok) throw new Error((b.error && b.error[0] && b.error[0].message) || b.message || 'Could not send the report');
        form.replaceChildren(el('p', { class: 'success', role: 'status' }, o.successMessage), actions);
        actions.replaceChildren(close);
      });
    }).catch(function (err) {
      status.textContent = err.message;
      submit.disabled = false;
    });
  });
  document.body.appendChild(host);
  form.querySelector('textarea').focus();
})();
`;
}

const DIALOG_CSS = `
.backdrop { position: fixed; inset: 0; background: rgba(17, 24, 39, 0.5); display: flex; align-items: center; justify-content: center; z-index: 2147483647; font: 14px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; }
.dialog { background: #fff; color: #111827; border-radius: 8px; padding: 24px; width: min(480px, calc(100vw - 32px)); box-shadow: 0 10px 30px rgba(0, 0, 0, 0.25); }
h2 { margin: 0 0 4px; font-size: 18px; }
p { margin: 0 0 16px; color: #374151; }
label { display: block; margin-bottom: 12px; font-weight: 600; }
input, textarea { display: block; box-sizing: border-box; width: 100%; margin-top: 4px; padding: 8px; border: 1px solid #6b7280; border-radius: 6px; font: inherit; font-weight: 400; color: inherit; }
.actions { display: flex; justify-content: flex-end; gap: 8px; }
button { padding: 8px 14px; border-radius: 6px; border: 1px solid #111827; background: #111827; color: #fff; font: inherit; cursor: pointer; }
button.secondary { background: #fff; color: #111827; }
.status { color: #b91c1c; margin: 0 0 8px; min-height: 1em; }
.success { color: #065f46; }
`;

// The real @sentry/node 11 filling every field it can with secrets: scope tags, contexts, extra, user, breadcrumbs,
// the request, an error with an attachment, a transaction named by a URL with its spans, log lines, metrics, feedback sent
// with captureFeedback, a cron check-in and a session. Free text carries secrets in the forms the scrubbing rules
// know (a card number, `Bearer …`, `password=…`, an AWS key, a URL password, `access_token=…`); key/value maps carry
// them under sensitive keys. argv: DSN, then a JSON object of secrets. Driven by tests/api/secrets-every-kind.test.ts.
import * as Sentry from '@sentry/node';

const s = JSON.parse(process.argv[3]);
const text = (where) =>
  `${where}: card ${s.card} Bearer ${s.bearer} password=${s.password} ${s.awsKey} https://ann:${s.urlPassword}@db.example.com/?access_token=${s.queryToken}`;
const map = (where) => ({ password: s.password, api_key: s.apiKey, session_cookie: s.cookie, note: text(where) });

Sentry.init({
  dsn: process.argv[2],
  release: 'sweep@1.0.0',
  environment: 'production',
  tracesSampleRate: 1,
  enableLogs: true,
  sendDefaultPii: true,
});

Sentry.setTags({ auth_token: s.bearer, note: `card ${s.card} Bearer ${s.bearer}` });
Sentry.setContext('payment', map('context'));
Sentry.setExtras(map('extra'));
Sentry.setUser({
  id: `card ${s.cardSpaced}`,
  username: text('username'),
  email: 'ann@example.com',
  ip_address: '{{auto}}',
});
Sentry.addBreadcrumb({
  category: 'auth',
  message: text('breadcrumb'),
  data: { ...map('breadcrumb data'), token: s.breadcrumbToken },
});

Sentry.startSession();
Sentry.captureSession();

await Sentry.startSpan(
  { name: `GET /cards/${s.card}/verify`, op: 'http.server', attributes: map('root span') },
  async () => {
    await Sentry.startSpan({ name: text('child span'), op: 'db.query', attributes: map('child span') }, async () => {
      await new Promise((r) => setTimeout(r, 5));
    });
    Sentry.logger.info(text('log'), map('log attributes'));
    Sentry.metrics.count('cards.checked', 1, { attributes: map('metric attributes') });
    Sentry.metrics.distribution('cards.check_time', 12, { unit: 'millisecond', attributes: { note: text('metric') } });
    Sentry.logger.warn(Sentry.logger.fmt`charged ${`card ${s.card}`} for ${`password=${s.password}`}`);
    Sentry.withScope((scope) => {
      scope.setSDKProcessingMetadata({
        normalizedRequest: {
          url: `https://shop.example.com/checkout?access_token=${s.queryToken}`,
          method: 'POST',
          query_string: `access_token=${s.queryToken}`,
          headers: { authorization: `Bearer ${s.bearer}`, cookie: `sessionid=${s.cookie}`, 'x-api-key': s.apiKey },
          cookies: { sessionid: s.cookie },
          data: JSON.stringify({ password: s.formPassword }),
        },
      });
      scope.addAttachment({
        filename: `receipt card ${s.card}.txt`,
        data: 'a receipt without secrets',
        contentType: 'text/plain',
      });
      Sentry.captureException(new Error(text('exception')));
    });
  },
);

const eventId = Sentry.captureMessage(text('message'));
Sentry.captureFeedback(
  {
    message: text('feedback'),
    name: `card ${s.card}`,
    email: 'ann@example.com',
    url: `https://shop.example.com/?access_token=${s.queryToken}`,
    associatedEventId: eventId,
  },
  { captureContext: { tags: { password: s.password }, contexts: { checkout: map('feedback context') } } },
);
Sentry.captureCheckIn(
  { monitorSlug: 'nightly-sweep', status: 'ok', duration: 1 },
  { schedule: { type: 'crontab', value: '0 * * * *' }, timezone: 'UTC', checkinMargin: 1, maxRuntime: 10 },
);
Sentry.endSession();

await Sentry.flush(5000);
await Sentry.close(5000);
console.log('sent');

// The real @sentry/node 11 sending messages (captureMessage adds a synthetic exception with the stack).
// argv: DSN. Driven by tests/api/messages-sdks.test.ts.
import * as Sentry from '@sentry/node';

Sentry.init({ dsn: process.argv[2], defaultIntegrations: false });
function nightlyReport(text) {
  Sentry.captureMessage(text);
}
function cleanup(text) {
  Sentry.captureMessage(text);
}
// One call site for the first three: the same place, as a job sending its messages would.
for (const text of ['Disk almost full', 'Disk almost full', 'Cache warmed']) nightlyReport(text);
cleanup('Disk almost full');
await Sentry.flush(5000);
console.log('sent');

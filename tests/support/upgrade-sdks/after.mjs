// The real @sentry/node 11 after the upgrade (tests/api/upgrade.test.ts): what the old version had no place for, a
// cron monitor's check-ins and user feedback, sent with a DSN the old version issued. argv: DSN. Prints `sent`.
import * as Sentry from '@sentry/node';

Sentry.init({ dsn: process.argv[2], release: 'shop-api@2.4.0', defaultIntegrations: false });
const config = { schedule: { type: 'crontab', value: '0 3 * * *' }, checkinMargin: 5, maxRuntime: 10, timezone: 'UTC' };
await Sentry.withMonitor('nightly-export', async () => undefined, config);
await Sentry.flush(5000);
await Sentry.withMonitor('nightly-export', async () => undefined, config);
Sentry.captureFeedback({
  message: 'Checkout works again after the upgrade',
  name: 'Olive',
  email: 'olive@example.com',
});
await Sentry.flush(10_000);
console.log('sent');

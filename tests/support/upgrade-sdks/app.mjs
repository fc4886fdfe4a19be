// The real @sentry/node 11, for the upgrade test (tests/api/upgrade.test.ts): the same errors from the same call
// sites, sent once to the old version and once more to today's, so they must land in the same issues.
// argv: DSN. Prints `sent` once everything was flushed.
import * as Sentry from '@sentry/node';

Sentry.init({
  dsn: process.argv[2],
  release: 'shop-api@2.4.0',
  environment: 'production',
  defaultIntegrations: false,
  integrations: [Sentry.linkedErrorsIntegration(), Sentry.contextLinesIntegration()],
});

function chargeCard(amount) {
  throw new TypeError(`card declined for amount ${amount}`);
}
function checkout(amount) {
  chargeCard(amount);
}
function parseInvoice(total) {
  if (total > 100) throw new RangeError('invoice total out of range');
  return total;
}
function placeOrder(id) {
  try {
    throw new Error('inventory service offline');
  } catch (cause) {
    throw new Error(`order ${id} failed`, { cause });
  }
}
function nightlyExport() {
  Sentry.captureMessage('nightly export finished with warnings', 'warning');
}

function report(fn) {
  try {
    fn();
  } catch (err) {
    Sentry.captureException(err);
  }
}
// Three, two, two and two events: four issues.
for (const amount of [10, 20, 30]) report(() => checkout(amount));
for (const total of [500, 900]) report(() => parseInvoice(total));
for (const id of [7, 8]) report(() => placeOrder(id));
for (let i = 0; i < 2; i++) nightlyExport();
await Sentry.flush(10_000);
console.log('sent');

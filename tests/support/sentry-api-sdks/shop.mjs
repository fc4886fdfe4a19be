// @sentry/node 11 as a shop's checkout uses it (#63): a user, a tag, a breadcrumb, the request being served, a log
// line and an error thrown two calls deep inside a span, then a warning message. Prints the trace id and the SDK's
// event ids. argv: DSN. Driven by tests/api/sentry-api-shapes.test.ts.
import * as Sentry from '@sentry/node';

Sentry.init({
  dsn: process.argv[2],
  tracesSampleRate: 1,
  enableLogs: true,
  release: 'shop@1.2.0',
  environment: 'production',
});

function chargeCard(order) {
  throw new TypeError(`Card declined for order ${order}`);
}

function checkout(order) {
  return chargeCard(order);
}

Sentry.setUser({ id: 'u-42', email: 'ada@example.com' });
Sentry.setTag('checkout', 'v2');
Sentry.addBreadcrumb({ category: 'cart', message: 'Added 2 items', level: 'info' });
const ids = Sentry.startSpan({ name: 'POST /checkout', op: 'http.server' }, (span) => {
  Sentry.getCurrentScope().setSDKProcessingMetadata({
    normalizedRequest: {
      url: 'https://shop.example/checkout?step=pay',
      method: 'POST',
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/120.0', 'content-type': 'application/json' },
      query_string: 'step=pay',
    },
  });
  Sentry.logger.info('Charging card', { order: 'A-17' });
  let error;
  try {
    checkout('A-17');
  } catch (e) {
    error = Sentry.captureException(e);
  }
  const message = Sentry.captureMessage('Inventory low for SKU 9', 'warning');
  return { traceId: Sentry.spanToJSON(span).trace_id, error, message };
});
await Sentry.flush(5000);
console.log(JSON.stringify(ids));
console.log('sent');

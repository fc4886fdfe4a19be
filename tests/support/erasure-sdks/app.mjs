// The real @sentry/node 11 as one end user of a shop: errors (one shared with every user, one of their own with an attachment) with a tag
// naming them, a session that errored, log lines, a transaction whose span names the user, metrics measured in it,
// and feedback about the error. argv: DSN, then the user as JSON { id, email, username, ip }. Driven by tests/api/erasure.test.ts.
import * as Sentry from '@sentry/node';

const user = JSON.parse(process.argv[3]);
Sentry.init({
  dsn: process.argv[2],
  release: 'shop@1.0.0',
  environment: 'production',
  tracesSampleRate: 1,
  enableLogs: true,
  sendDefaultPii: true,
});
Sentry.setUser({ id: user.id, email: user.email, username: user.username, ip_address: user.ip });
Sentry.setTag('customer', user.email);

Sentry.startSession();
Sentry.captureException(new Error('Checkout failed'));
const eventId = Sentry.withScope((scope) => {
  scope.addAttachment({
    filename: `cart-${user.username}.txt`,
    data: `cart of ${user.email}`,
    contentType: 'text/plain',
  });
  return Sentry.captureException(new Error(`Cart of ${user.username} is stale`));
});
Sentry.logger.info('cart viewed');
Sentry.logger.warn(Sentry.logger.fmt`payment retried for ${user.tag}`);
await Sentry.startSpan({ name: 'POST /checkout', op: 'http.server' }, async () => {
  // Metrics measured with the user on the scope: the SDK puts user.id, user.email and user.name on each (#61).
  Sentry.metrics.distribution('checkout.duration', 100 + user.tag.length * 3, {
    unit: 'millisecond',
    attributes: { step: 'pay' },
  });
  Sentry.metrics.distribution('checkout.duration', 40 + user.id.length, {
    unit: 'millisecond',
    attributes: { step: 'pay' },
  });
  Sentry.metrics.count('checkout.attempts', 2, { attributes: { step: 'pay' } });
  await Sentry.startSpan(
    { name: 'charge card', op: 'payment', attributes: { 'user.id': user.id, 'user.email': user.email } },
    async () => new Promise((r) => setTimeout(r, 5)),
  );
});
Sentry.captureFeedback({
  message: 'The pay button does nothing',
  name: user.username,
  email: user.email,
  associatedEventId: eventId,
});
Sentry.endSession();

await Sentry.flush(5000);
await Sentry.close(5000);
console.log('sent');

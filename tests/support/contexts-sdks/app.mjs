// The real @sentry/node 11 capturing an error with a context a team set (`Sentry.setContext`), nested values
// included. argv: DSN, then the context as JSON. Driven by tests/api/contexts-sdks.test.ts.
import * as Sentry from '@sentry/node';

// normalizeDepth: the SDK itself cuts what it sends 3 levels down by default ("[Object]"); 6 keeps the order whole.
Sentry.init({ dsn: process.argv[2], defaultIntegrations: false, normalizeDepth: 6 });
Sentry.setContext('order', JSON.parse(process.argv[3]));
Sentry.captureException(new Error('order could not be charged'));
await Sentry.flush(5000);
console.log('sent');

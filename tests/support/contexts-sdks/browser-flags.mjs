// The real @sentry/browser 11 (run in Node: its fetch transport and scope work there) with featureFlagsIntegration:
// flags evaluated through the integration ride on the next error as `contexts.flags`, beside a context a team set.
// argv: DSN, then JSON { type, message, flags: [[name, value]…], order }. Driven by tests/api/contexts-flags.test.ts.
import * as Sentry from '@sentry/browser';

const { type, message, flags, order } = JSON.parse(process.argv[3]);
const ErrorType = { Error, TypeError, RangeError }[type];
Sentry.init({ dsn: process.argv[2], integrations: [Sentry.featureFlagsIntegration()], normalizeDepth: 6 });
const integration = Sentry.getClient()?.getIntegrationByName('FeatureFlags');
if (!integration) throw new Error('FeatureFlags integration missing');
for (const [name, value] of flags) integration.addFeatureFlag(name, value);
if (order) Sentry.setContext('order', order);
Sentry.captureException(new ErrorType(message));
if (!(await Sentry.flush(5000))) throw new Error('flush timed out');
console.log('sent');

// A Node app whose CPU-heavy code is a minified bundle (#47): `node bundled.mjs <dsn> <bundle.mjs> <release>` imports
// computeInvoiceTotals from the bundle and runs it for half a second inside a transaction, profiled continuously by
// the real @sentry/profiling-node (which names the bundle's debug ID in the chunk's debug_meta). Prints `sent`.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Sentry = createRequire(require.resolve('@sentry/profiling-node'))('@sentry/node');
const { nodeProfilingIntegration } = require('@sentry/profiling-node');

const [dsn, bundle, release] = process.argv.slice(2);
Sentry.init({
  dsn,
  release,
  integrations: [nodeProfilingIntegration()],
  tracesSampleRate: 1,
  profileSessionSampleRate: 1,
  profileLifecycle: 'trace',
});
const { computeInvoiceTotals } = await import(bundle);
await Sentry.startSpan({ name: 'GET /bundled', op: 'http.server' }, async () => {
  computeInvoiceTotals(500);
});
await Sentry.flush(10_000);
console.log('sent');

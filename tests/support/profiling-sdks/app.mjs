// A Node app profiled by the real @sentry/profiling-node 11 (#47): `node app.mjs <dsn> [release]` runs one
// transaction "GET /checkout" whose span "compute-totals" spends about a second of CPU in computeInvoiceTotals,
// with continuous profiling on (profileLifecycle 'trace': the profiler runs while a span is active, its chunk
// sent when the transaction ends). Prints {"traceId","spanId"} of that span, then `sent`.
// @sentry/node is taken from beside @sentry/profiling-node, so both are the same release (as an app pins them).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const profilingPath = require.resolve('@sentry/profiling-node');
const Sentry = createRequire(profilingPath)('@sentry/node');
const { nodeProfilingIntegration } = require('@sentry/profiling-node');

const [dsn, release = 'checkout@1.0.0'] = process.argv.slice(2);
Sentry.init({
  dsn,
  release,
  environment: 'production',
  integrations: [nodeProfilingIntegration()],
  tracesSampleRate: 1,
  profileSessionSampleRate: 1,
  profileLifecycle: 'trace',
});

/** The CPU-heavy function: about `ms` of arithmetic in its own body. */
function computeInvoiceTotals(ms) {
  const end = Date.now() + ms;
  let h = 0;
  while (Date.now() < end) for (let i = 0; i < 200_000; i++) h = (h * 31 + i) % 1_000_003;
  return h;
}

function formatReceipt(total) {
  return `total: ${total}`;
}

let ids;
await Sentry.startSpan({ name: 'GET /checkout', op: 'http.server' }, async () => {
  await Sentry.startSpan({ name: 'compute-totals', op: 'function' }, async (span) => {
    const c = span.spanContext();
    ids = { traceId: c.traceId, spanId: c.spanId };
    formatReceipt(computeInvoiceTotals(1000));
  });
  await new Promise((r) => setTimeout(r, 50));
});
await Sentry.flush(10_000);
console.log(JSON.stringify(ids));
console.log('sent');

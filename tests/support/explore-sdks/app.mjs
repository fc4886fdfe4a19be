// @sentry/node 11 sending what Explore reads (#61): transactions with child spans of known times, failed ones among
// them, error events with a tag, and log lines with number and text attributes. Every time is given (startTime,
// end(time)), from argv[3] (ms), so the test knows each duration it must read back. argv: DSN, base time in ms.
// Driven by tests/api/explore.test.ts, which reads the same plan (plan.mjs).
import * as Sentry from '@sentry/node';
import { PLAN } from './plan.mjs';

Sentry.init({
  dsn: process.argv[2],
  tracesSampleRate: 1,
  enableLogs: true,
  release: 'shop@1.0.0',
  environment: 'production',
});

const base = Number(process.argv[3]);
const at = (ms) => new Date(base + ms);

for (const t of PLAN.transactions) {
  Sentry.startSpanManual(
    { name: t.name, op: 'http.server', startTime: at(t.start), forceTransaction: true },
    (root) => {
      for (const s of t.spans) {
        const child = Sentry.startInactiveSpan({ name: s.description, op: s.op, startTime: at(t.start + s.offset) });
        if (s.failed) child.setStatus({ code: 2, message: 'internal_error' });
        if (s.op === 'db') child.setAttribute('db.system', 'postgresql');
        child.end(at(t.start + s.offset + s.duration));
      }
      if (t.failed) root.setStatus({ code: 2, message: 'internal_error' });
      root.end(at(t.start + t.duration));
    },
  );
}

for (const e of PLAN.errors)
  Sentry.withScope((scope) => {
    scope.setTag('checkout.step', e.step);
    Sentry.captureException(new Error(e.message));
  });

for (const l of PLAN.logs) Sentry.logger[l.level](l.message, { amount: l.amount, customer: l.customer });

await Sentry.flush(10000);
console.log('sent');

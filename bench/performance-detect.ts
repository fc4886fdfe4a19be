// Performance issue detection (#62): CPU per transaction of `detectPerformanceIssues` alone, over 1,000 transactions shaped
// as bench/spans.ts sends them (20 spans: queries, HTTP calls, middleware; nothing to detect), 200 rounds after 20
// warm-up rounds. `npx tsx bench/performance-detect.ts`.
import { randomBytes } from 'node:crypto';
import { detectPerformanceIssues, type DetectSpan } from '@/lib/ingest/enrich/performance/detect';
import { DEFAULT_PERFORMANCE_SETTINGS } from '@/lib/performance-issues/types';
import { spanGroup } from '@/lib/traces/span-groups';

const hex = (n: number) => randomBytes(n).toString('hex');
function txn(spans: number): DetectSpan[] {
  const root = hex(8);
  const start = Date.now();
  const out: DetectSpan[] = [
    {
      spanId: root,
      parentSpanId: null,
      op: 'http.server',
      description: 'GET /orders/1',
      group: 'GET /orders/1',
      startMs: start,
      durationMs: 500,
      isSegment: true,
    },
  ];
  for (let k = 0; k < spans; k++) {
    const kind = k % 5;
    const [op, d] =
      kind < 3
        ? ['db', `SELECT "orders"."id" FROM "orders" WHERE "orders"."customer_id" = $1 LIMIT ${k + 10}`]
        : kind === 3
          ? ['http.client', `GET https://payments.internal/v1/customers/${k}/cards`]
          : ['middleware.express', `auth-${k}`];
    out.push({
      spanId: hex(8),
      parentSpanId: root,
      op,
      description: d,
      group: spanGroup(op, d),
      startMs: start + k * 10,
      durationMs: 8,
      isSegment: false,
    });
  }
  return out;
}
const txns = Array.from({ length: 1000 }, () => txn(20));
let found = 0;
for (let r = 0; r < 20; r++)
  for (const t of txns) found += detectPerformanceIssues(t, DEFAULT_PERFORMANCE_SETTINGS).length;
const t0 = process.cpuUsage();
const ROUNDS = 200;
for (let r = 0; r < ROUNDS; r++)
  for (const t of txns) found += detectPerformanceIssues(t, DEFAULT_PERFORMANCE_SETTINGS).length;
const u = process.cpuUsage(t0);
console.log(
  `detections ${found}; CPU per transaction of 20 spans: ${((u.user + u.system) / (ROUNDS * txns.length)).toFixed(2)} µs`,
);

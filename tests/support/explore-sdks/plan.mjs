// What the @sentry/node program sends (#61), shared with the test that reads it back: durations and times in whole ms
// after the base time (a Date holds no fraction of a ms). Spans start 1 ms into their transaction, one after another, each ending before the next.
const db = (durations) => durations.map((duration, i) => ({ op: 'db', description: `SELECT ${i}`, duration }));

export const PLAN = {
  transactions: [
    { name: 'GET /checkout', start: 0, duration: 100, spans: db([10, 20]) },
    { name: 'GET /checkout', start: 1000, duration: 150, spans: db([30, 40, 5]) },
    { name: 'GET /checkout', start: 2000, duration: 200, spans: db([12]), failed: true },
    {
      name: 'GET /checkout',
      start: 3000,
      duration: 250,
      spans: [{ op: 'http.client', description: 'GET https://pay.example/v1', duration: 80, failed: true }],
    },
    { name: 'GET /cart', start: 4000, duration: 60, spans: db([7, 9]) },
    { name: 'GET /cart', start: 5000, duration: 90, spans: [] },
  ].map((t) => {
    let offset = 1;
    return {
      ...t,
      spans: t.spans.map((s) => {
        const placed = { ...s, offset };
        offset += s.duration + 1;
        return placed;
      }),
    };
  }),
  errors: [
    // Messages differ: the SDK's dedupe drops an exception equal to the one before it.
    { message: 'card declined: visa', step: 'pay' },
    { message: 'card declined: amex', step: 'pay' },
    { message: 'no address', step: 'ship' },
  ],
  logs: [
    { level: 'info', message: 'Paid', amount: 12.5, customer: 'ada' },
    { level: 'info', message: 'Paid', amount: 30, customer: 'bob' },
    { level: 'info', message: 'Paid', amount: 7.25, customer: 'ada' },
    { level: 'warn', message: 'Payment retried', amount: 30, customer: 'cy' },
    { level: 'error', message: 'Payment failed', amount: 99.99, customer: 'dee' },
  ],
};

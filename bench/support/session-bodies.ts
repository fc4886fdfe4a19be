// Browser session envelopes as @sentry/browser sends them (bench:sessions, bench:wal).

export const envelope = (items: { type: string; payload: unknown }[]) =>
  [
    JSON.stringify({
      sent_at: new Date().toISOString(),
      sdk: { name: 'sentry.javascript.browser', version: '11.0.0' },
    }),
    ...items.flatMap((i) => [JSON.stringify({ type: i.type }), JSON.stringify(i.payload)]),
  ].join('\n') + '\n';

/** A browser page load's two session envelopes (init, then how it ended), for `n` page loads: 2n bodies. */
export function sessionBodies(n: number, prefix: string): string[] {
  const bodies: string[] = [];
  for (let i = 0; i < n; i++) {
    const started = new Date(Date.now() - 60_000).toISOString();
    const base = {
      sid: `${prefix}${i.toString(16).padStart(28, '0')}`,
      did: `user-${i % 5000}`,
      started,
      attrs: { release: `web@1.${i % 5}.0`, environment: 'production', user_agent: 'Mozilla/5.0 Chrome/131.0' },
    };
    bodies.push(
      envelope([
        { type: 'session', payload: { ...base, init: true, status: 'ok', errors: 0, timestamp: started, duration: 0 } },
      ]),
    );
    const status = i % 50 === 0 ? 'crashed' : i % 10 === 0 ? 'errored' : 'exited';
    bodies.push(
      envelope([
        {
          type: 'session',
          payload: {
            ...base,
            init: false,
            status: status === 'errored' ? 'exited' : status,
            errors: status === 'exited' ? 0 : 1,
            timestamp: new Date().toISOString(),
            duration: 42.5,
          },
        },
      ]),
    );
  }
  return bodies;
}

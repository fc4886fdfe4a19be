// The small native envelopes bench:ingest and bench:batch send: what a browser client reports for an error.

export const FINGERPRINTS = 50;

/** 50 distinct stacks (fingerprints); each envelope has 5 breadcrumbs and the fields a browser client sends. */
export function envelopes(n: number): string[] {
  const now = Date.now();
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const g = i % FINGERPRINTS;
    out.push(
      JSON.stringify({
        exception: {
          type: ['TypeError', 'ReferenceError', 'RangeError', 'Error', 'SyntaxError'][g % 5],
          value: `Cannot read properties of undefined (reading 'item${i % 97}')`,
          stacktrace: {
            frames: [
              {
                filename: 'https://shop.example.com/static/js/main.3f9a1c2b.js',
                lineno: 1000 + (i % 50),
                colno: 17,
                function: `handler${g}`,
              },
              {
                filename: 'https://shop.example.com/static/js/main.3f9a1c2b.js',
                lineno: 2400,
                colno: 9,
                function: `component${g % 10}`,
              },
              {
                filename: 'https://shop.example.com/static/js/vendor.8d7e6f5a.js',
                lineno: 31000,
                colno: 44,
                function: 'invokeGuardedCallback',
              },
              {
                filename: 'https://shop.example.com/static/js/vendor.8d7e6f5a.js',
                lineno: 31500,
                colno: 12,
                function: 'dispatchEvent',
              },
            ],
          },
        },
        level: ['error', 'error', 'warning', 'fatal', 'info'][i % 5],
        timestamp: now - (n - i),
        environment: 'production',
        release: 'shop@2.14.0',
        user: { id: `user-${i % 500}`, email: `user${i % 500}@example.com` },
        tags: { browser: 'Chrome', locale: 'en-US', route: `/products/${i % 20}` },
        request: {
          url: `https://shop.example.com/products/${i % 20}`,
          method: 'GET',
          headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' },
        },
        contexts: { browser: { name: 'Chrome', version: '120.0.0' }, os: { name: 'Linux', version: '6.5' } },
        breadcrumbs: Array.from({ length: 5 }, (_, b) => ({
          type: ['navigation', 'click', 'fetch', 'console', 'click'][b],
          message: ['/products', 'button.add-to-cart', 'GET /api/cart', 'cart updated', 'a.checkout'][b],
          timestamp: now - (n - i) - (5 - b) * 1000,
          data: b === 2 ? { method: 'GET', url: '/api/cart', status: 200 } : { position: b },
        })),
      }),
    );
  }
  return out;
}

import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

let bundle: Promise<string> | undefined;

/** `@sentry/browser` from node_modules as one IIFE exposing `window.Sentry`, built once per worker. */
export function sentryBrowserBundle(): Promise<string> {
  bundle ??= build({
    stdin: {
      contents: "import * as Sentry from '@sentry/browser'; window.Sentry = Sentry;",
      resolveDir: path.resolve(import.meta.dirname, '../..'),
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0].text);
  return bundle;
}

/**
 * A static site on another origin than the app (127.0.0.1 vs localhost): serves `/sentry.js` and the
 * given HTML pages (and any `.js` among them as scripts), so the SDK's requests to the app are cross-origin like on a customer's site.
 */
export async function startSentryPageServer(pages: Record<string, string>) {
  const js = await sentryBrowserBundle();
  const server = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    if (p === '/sentry.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    const html = pages[p];
    if (html === undefined) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': p.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8' })
      .end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

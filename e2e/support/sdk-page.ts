import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A customer's static site on another origin than the app (127.0.0.1 vs localhost): serves the given
 * pages (HTML, or JavaScript and maps by their extension) and 404 for anything else, so everything the library sends to the app is cross-origin.
 */
export async function startStaticSite(pages: Record<string, string>) {
  const server = http.createServer((req, res) => {
    const html = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (html === undefined) return void res.writeHead(404).end();
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const type = pathname.endsWith('.js')
      ? 'text/javascript'
      : pathname.endsWith('.map')
        ? 'application/json'
        : 'text/html';
    res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The 1-based line of `html` where `needle` first occurs: where a stack frame into the page should point. */
export function lineOf(html: string, needle: string): number {
  const i = html.split('\n').findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`${needle} not in page`);
  return i + 1;
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dispatchRoute } from './client';

export type Hit = { method: string; path: string; status: number };

/** A loopback HTTP server in front of the app's route handlers, for real clients such as sentry-cli. */
export async function startAppServer() {
  const hits: Hit[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const response = await dispatchRoute(
      new Request(url, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined }),
      url,
    );
    hits.push({ method: req.method ?? '', path: url.pathname, status: response.status });
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

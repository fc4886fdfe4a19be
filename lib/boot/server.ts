import http from 'node:http';
import next from 'next';
import { serveIngest } from '@/lib/ingest/protocols/node-adapter';
import { stampClientAddress } from '@/lib/auth/client-address';

export type RunningServer = { server: http.Server; close: () => Promise<void> };

/**
 * One Node HTTP server in this process: the ingest endpoint (POST/OPTIONS /api/v1/ingest/<id>/envelope) goes
 * straight to lib/ingest through the node:http adapter; every other request goes to Next's handler.
 */
export async function startServer(opts: {
  dev: boolean;
  port: number;
  host: string;
  dir?: string;
}): Promise<RunningServer> {
  const app = next({ dev: opts.dev, dir: opts.dir ?? process.cwd(), hostname: opts.host, port: opts.port });
  const handle = app.getRequestHandler();
  await app.prepare();
  let closing = false;
  const server = http.createServer((req, res) => {
    // While shutting down, answers also close their keep-alive connection, so close() can complete.
    if (closing) res.shouldKeepAlive = false;
    if (serveIngest(req, res)) return;
    // The auth throttles count by this address: the socket's, or what TRUSTED_PROXIES vouch for.
    stampClientAddress(req.headers, req.socket.remoteAddress);
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    server,
    // Stops accepting connections and resolves once every request in flight has been answered.
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        // Connections whose request started before closing become idle later: keep closing those.
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

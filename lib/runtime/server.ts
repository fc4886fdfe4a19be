import http from 'node:http';
import next from 'next';

export type RunningServer = { server: http.Server; close: () => Promise<void> };

/** Serves the Next.js app from one Node HTTP server in this process. */
export async function startServer(opts: { dev: boolean; port: number; host: string; dir?: string }): Promise<RunningServer> {
  const app = next({ dev: opts.dev, dir: opts.dir ?? process.cwd(), hostname: opts.host, port: opts.port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = http.createServer((req, res) => {
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

// The node:http ingest adapter (what `npm start` serves) over real HTTP on loopback, for a test file, with a project
// to send to (./ingest-project). The `let` bindings are live: useNodeAdapter's beforeAll sets them, the file's tests
// read them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { serveIngest } from '@/lib/ingest/protocols/node-adapter';
import { TestClient } from './client';
import { useIngestProject } from './ingest-project';

let server: http.Server;
export let port: number;
export let http1: TestClient;

/** Serves the adapter on a free loopback port for the whole file (closed after it), and signs up its project. */
export function useNodeAdapter() {
  beforeAll(async () => {
    // Paths the adapter does not serve would go to Next; here they get a marker answer.
    server = http.createServer((req, res) => {
      if (!serveIngest(req, res)) res.writeHead(404, { 'x-handled-by': 'next' }).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
    http1 = new TestClient(`http://127.0.0.1:${port}`);
  });
  useIngestProject();

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
}

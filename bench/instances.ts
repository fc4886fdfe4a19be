// Several instances: `npm run bench:instances`. Loopback only, bounded.
// Starts two `npm start` instances on one PostgreSQL (the first one's embedded server) behind a small
// round-robin proxy, then shows through the proxy that the per-key rate limit is global (one burst, not
// two), that the monthly quota is exact, and that every alert fires once (NEW_ISSUE per issue, ERROR_RATE once).
import http from 'node:http';
import fs from 'node:fs';
import { freePort } from '@/lib/runtime/embedded-db';
import { log, runBench, signUpBenchUser, startInstance, type Instance } from './support/service';
import { CHECK_RATE, multiInstanceChecks } from './support/instance-checks';

const started: Instance[] = [];

/** Round-robin over the upstreams, request and response streamed through. */
function startProxy(upstreams: number[], port: number): Promise<http.Server> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const server = http.createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length];
    const out = http.request(
      { host: '127.0.0.1', port: upstream, method: req.method, path: req.url, headers: req.headers, agent },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function main() {
  const env = { INGEST_RATE_LIMIT_PER_SECOND: String(CHECK_RATE), WEBHOOK_ALLOW_PRIVATE: 'true' };
  const a = await startInstance({ distDir: '.next-bench', env });
  started.push(a);
  const b = await startInstance({ distDir: '.next-bench', env, databaseUrl: a.dbUrl });
  started.push(b);
  const proxyPort = await freePort();
  const proxy = await startProxy([a.port, b.port], proxyPort);
  log(`proxy on http://127.0.0.1:${proxyPort} → instances on ${a.port} and ${b.port}, one PostgreSQL`);
  const user = await signUpBenchUser(a);
  const checks = await multiInstanceChecks(proxyPort, user, a.dbUrl);
  proxy.close();
  console.log('');
  for (const line of checks.lines) console.log(line);
}

runBench(main, () => {
  for (const inst of started) fs.rmSync(inst.dataDir, { recursive: true, force: true });
});

// The machine's limit for comparison: node:http + pg, one INSERT per request, no validation or grouping.
import http from 'node:http';
import pg from 'pg';

const port = Number(process.env.PORT);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.PG_POOL_MAX ?? 20) });

async function main() {
  await pool.query(`CREATE TABLE IF NOT EXISTS bench_plain_events (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text, project_id text NOT NULL, payload jsonb NOT NULL,
    received_at timestamptz(3) NOT NULL DEFAULT now())`);
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.end('ok');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const projectId = req.url?.split('/')[4] ?? '';
      pool
        .query({
          name: 'plain-insert',
          text: 'INSERT INTO bench_plain_events (project_id, payload) VALUES ($1, $2::jsonb)',
          values: [projectId, Buffer.concat(chunks).toString('utf8')],
        })
        .then(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"statusCode":200,"status":"success","message":"Event received successfully"}');
        })
        .catch((err) => {
          console.error(err);
          res.writeHead(500);
          res.end();
        });
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1', () => console.log(`plain server on ${port}`));
  const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import * as envelopeRoute from '@/app/api/[projectNumber]/envelope/route';
import * as storeRoute from '@/app/api/[projectNumber]/store/route';
import * as otlpRoute from '@/app/api/[projectNumber]/integration/otlp/v1/[signal]/route';
import { parseEnvelope } from '@/lib/envelope/parse-envelope';

export type Received = {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string>;
  itemTypes: string[];
  text: string;
};

const ROUTES = { envelope: envelopeRoute, store: storeRoute } as const;

/**
 * A loopback HTTP server passing Sentry endpoint requests to the real route handlers, so a real SDK can
 * send to it. Records every request it answers.
 */
export async function startSentryServer() {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const otlp = /^\/api\/([^/]+)\/integration\/otlp\/v1\/([a-z]+)\/?$/.exec(url.pathname);
    if (otlp && (req.method === 'POST' || req.method === 'OPTIONS')) {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const request = new Request(url, { method: req.method, headers, body: req.method === 'POST' ? body : undefined });
      const response = await otlpRoute[req.method](request, {
        params: Promise.resolve({ projectNumber: otlp[1], signal: otlp[2] }),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      received.push({
        method: req.method,
        path: url.pathname,
        status: response.status,
        headers: Object.fromEntries(response.headers),
        itemTypes: [],
        text: '',
      });
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(bytes);
      return;
    }
    const m = /^\/api\/([^/]+)\/(envelope|store)\/?$/.exec(url.pathname);
    const handler = m ? ROUTES[m[2] as keyof typeof ROUTES][req.method as 'POST' | 'OPTIONS'] : undefined;
    if (!m || !handler) {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const request = new Request(url, { method: req.method, headers, body: req.method === 'POST' ? body : undefined });
    const response = await handler(request, { params: Promise.resolve({ projectNumber: m[1] }) });
    const text = Buffer.from(await response.arrayBuffer());
    const outHeaders = Object.fromEntries(response.headers);
    received.push({
      method: req.method ?? '',
      path: url.pathname,
      status: response.status,
      headers: outHeaders,
      itemTypes: itemTypesOf(body, req.headers['content-encoding']),
      text: textOf(body, req.headers['content-encoding']),
    });
    res.writeHead(response.status, outHeaders).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    host: `127.0.0.1:${port}`,
    /** Where an OTLP/HTTP exporter of the project numbered `projectNumber` sends `signal`. */
    otlpUrl: (projectNumber: number, signal: 'traces' | 'logs' | 'metrics') =>
      `http://127.0.0.1:${port}/api/${projectNumber}/integration/otlp/v1/${signal}`,
    /** The DSN with its host pointed at this server. */
    dsn(sentryDsn: string) {
      const u = new URL(sentryDsn);
      u.host = `127.0.0.1:${port}`;
      return u.toString().replace(/\/$/, '');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const plainBody = (body: Buffer, encoding: string | undefined) => (encoding === 'gzip' ? gunzipSync(body) : body);

/** The body as the SDK sent it, decompressed: what reached us. */
function textOf(body: Buffer, encoding: string | undefined): string {
  return plainBody(body, encoding).toString('utf8');
}

/** Item types of the envelope the SDK sent, for asserting what reached us. */
function itemTypesOf(body: Buffer, encoding: string | undefined): string[] {
  const parsed = parseEnvelope(plainBody(body, encoding));
  return parsed.ok ? parsed.envelope.items.map((i) => String(i.header.type)) : [];
}

// The ingest endpoints (ours, Sentry's and OTLP/HTTP's) on plain node:http, beside Next's router in the same process:
// no Request/Response objects, no routing table, the body read straight from the socket with the same caps (1 MiB;
// Sentry envelopes with attachments up to 10 MiB, a few at a time: lib/ingest/protocols/large-bodies.ts). The App
// Router's routes for the same paths answer alike (tests and `next dev` use them).
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { handleIngest } from '@/lib/ingest/protocols/native';
import { handleSentry } from '@/lib/ingest/protocols/sentry/handle-sentry';
import { handleOtlp, type OtlpResponse } from '@/lib/ingest/protocols/otlp/handle-otlp';
import { requestControlCharacterIssues } from '@/lib/text/control-characters';
import type { SentryEndpoint } from '@/lib/ingest/protocols/sentry/prepare-items';
import { MAX_BODY_BYTES } from '@/lib/envelope/decode-body';
import { bodyCapFor, LARGE_BODY_BUSY_MESSAGE } from '@/lib/ingest/protocols/large-bodies';
import { addressFromSocket } from '@/lib/auth/client-address';
import { holdIngestRequest, observeHttp } from '@/lib/metrics/metrics';
import { answer, failedAnswer, INGEST_MESSAGES, invalid, unreadable } from './answer';
import { logger } from '@/lib/log';

const PREFIX = '/api/v1/ingest/';
const SUFFIX = '/envelope';
const NO_PARAMS = new URLSearchParams();

/** The project id of an ingest URL (`/api/v1/ingest/<projectId>/envelope[?query]`), or null for any other path. */
export function ingestProjectId(url: string): string | null {
  if (!url.startsWith(PREFIX)) return null;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.endsWith(SUFFIX)) return null;
  const segment = path.slice(PREFIX.length, path.length - SUFFIX.length);
  if (segment.length === 0 || segment.includes('/')) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

let staticApiSegments: Set<string> | undefined;
// Next matches a static folder under app/api before [projectNumber]: those paths are not Sentry's.
function isStaticApiSegment(segment: string): boolean {
  if (!staticApiSegments) {
    let names: string[] = [];
    try {
      names = fs
        .readdirSync(path.join(process.cwd(), 'app', 'api'))
        .filter((n) => !n.startsWith('[') && !n.startsWith('('));
    } catch {
      names = ['auth', 'health', 'v1', 'webhooks'];
    }
    staticApiSegments = new Set(names);
  }
  return staticApiSegments.has(segment);
}

const SENTRY_PATH = /^\/api\/([^/]+)\/(envelope|store|security|csp-report)\/?$/;

/** The Sentry endpoint of a URL (`/api/<projectNumber>/envelope/`, `/store/`, `/security/` or `/csp-report/`), or null. */
export function sentryTarget(url: string): { projectNumber: string; endpoint: SentryEndpoint } | null {
  const q = url.indexOf('?');
  const m = SENTRY_PATH.exec(q < 0 ? url : url.slice(0, q));
  if (!m || isStaticApiSegment(m[1])) return null;
  try {
    // `csp-report` is the security endpoint's older name, still in many a policy's report-uri.
    const endpoint = (m[2] === 'csp-report' ? 'security' : m[2]) as SentryEndpoint;
    return { projectNumber: decodeURIComponent(m[1]), endpoint };
  } catch {
    return null;
  }
}

const OTLP_PATH = /^\/api\/([^/]+)\/integration\/otlp\/v1\/([^/]+)$/;

/** The OTLP/HTTP endpoint of a URL (`/api/<projectNumber>/integration/otlp/v1/<signal>`), or null. */
export function otlpTarget(url: string): { projectNumber: string; signal: string } | null {
  const q = url.indexOf('?');
  const m = OTLP_PATH.exec(q < 0 ? url : url.slice(0, q));
  if (!m || isStaticApiSegment(m[1])) return null;
  try {
    return { projectNumber: decodeURIComponent(m[1]), signal: decodeURIComponent(m[2]) };
  } catch {
    return null;
  }
}

type Answer = { status: number; body: unknown; headers: Record<string, string> };
/** `tooLarge`: the body was past the cap and left unread (`body` is empty). */
type Handler = (body: Buffer, searchParams: URLSearchParams, largeBody: boolean, tooLarge?: boolean) => Promise<Answer>;

/**
 * Serves POST and OPTIONS of the ingest endpoints (ours and Sentry's); returns false (and touches nothing)
 * for any other request, which the caller hands to Next.
 */
export function serveIngest(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method !== 'POST' && req.method !== 'OPTIONS') return false;
  const url = req.url ?? '';
  const method = req.method;
  const headers = req.headers as Record<string, string | undefined>;
  const clientAddress = addressFromSocket(req.headers, req.socket.remoteAddress);
  let handler: Handler | null = null;
  let endpoint = 'native';
  const projectId = url.startsWith(PREFIX) ? ingestProjectId(url) : null;
  const sentry = projectId === null ? sentryTarget(url) : null;
  if (projectId !== null) {
    handler = (body, searchParams, _large, tooLarge) =>
      tooLarge
        ? Promise.resolve(answer(413, INGEST_MESSAGES.tooLarge))
        : handleIngest({ projectId, method, headers, searchParams, body, clientAddress });
  } else if (sentry) {
    endpoint = sentry.endpoint;
    handler = (body, searchParams, largeBody, tooLarge) =>
      handleSentry({ ...sentry, method, headers, searchParams, body, clientAddress, largeBody, tooLarge });
    // The security endpoint stores query values (`sentry_environment`, `sentry_release`): as the App Router's route
    // does, a control character in the path or query is refused before anything is read or looked up.
    const q = url.indexOf('?');
    const control =
      endpoint === 'security'
        ? requestControlCharacterIssues(
            { projectNumber: sentry.projectNumber },
            q < 0 ? NO_PARAMS : new URLSearchParams(url.slice(q + 1)),
          )
        : [];
    if (control.length > 0) {
      send(res, invalid(control), true);
      return true;
    }
  }
  if (handler) {
    void respondTo(req, res, url, endpoint, handler);
    return true;
  }
  const otlp = otlpTarget(url);
  if (!otlp) return false;
  void respondToOtlp(req, res, url, otlp);
  return true;
}

function observed(req: http.IncomingMessage, res: http.ServerResponse, url: string, endpoint: string): void {
  const started = performance.now();
  // Held from the headers until the answer is sent or the connection closes, whichever comes first.
  res.once('close', holdIngestRequest(endpoint));
  res.once('finish', () =>
    observeHttp({
      pathname: url,
      method: req.method ?? 'POST',
      status: res.statusCode,
      seconds: (performance.now() - started) / 1000,
    }),
  );
}

/** As app/api/[projectNumber]/integration/otlp/v1/[signal]/route.ts answers. */
async function respondToOtlp(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: string,
  target: { projectNumber: string; signal: string },
): Promise<void> {
  observed(req, res, url, 'otlp');
  const q = url.indexOf('?');
  const searchParams = q < 0 ? NO_PARAMS : new URLSearchParams(url.slice(q + 1));
  // A NUL in the key or the path would reach PostgreSQL: refused before the body is read.
  const control = requestControlCharacterIssues(target, searchParams);
  if (control.length > 0) {
    send(res, invalid(control), true);
    return;
  }
  let body: Buffer | null;
  try {
    body = req.method === 'POST' ? await readCappedBody(req, MAX_BODY_BYTES) : Buffer.alloc(0);
  } catch {
    if (!res.headersSent) send(res, unreadable(), true);
    return;
  }
  try {
    const out = await handleOtlp({
      ...target,
      method: req.method ?? 'POST',
      headers: req.headers as Record<string, string | undefined>,
      searchParams,
      // Past the cap: a body one byte too long, answered 413 by the handler (the rest is not read: closed after).
      body: body ?? Buffer.alloc(MAX_BODY_BYTES + 1),
    });
    sendOtlp(res, out, body === null);
  } catch (err) {
    logger.error({ err }, 'otlp ingest failed');
    if (!res.headersSent) send(res, failedAnswer(err), body === null);
  }
}

function sendOtlp(res: http.ServerResponse, out: OtlpResponse, closeAfter: boolean): void {
  if (res.destroyed) return;
  if (out.status === 204) {
    res.writeHead(204, out.headers);
    res.end();
  } else {
    res.writeHead(out.status, { ...out.headers, 'content-length': Buffer.byteLength(out.body) });
    res.end(out.body);
  }
  if (closeAfter) res.once('finish', () => res.req.destroy());
}

async function respondTo(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: string,
  endpoint: string,
  handler: Handler,
): Promise<void> {
  observed(req, res, url, endpoint);
  const slot =
    req.method === 'POST' ? bodyCapFor(endpoint, req.headers['content-length']) : { cap: 0, release: () => {} };
  if (slot === 'busy') {
    send(res, answer(429, LARGE_BODY_BUSY_MESSAGE, { headers: { 'retry-after': '1', connection: 'close' } }), true);
    return;
  }
  try {
    const body = req.method === 'POST' ? await readCappedBody(req, slot.cap) : Buffer.alloc(0);
    const q = url.indexOf('?');
    const searchParams = q < 0 ? NO_PARAMS : new URLSearchParams(url.slice(q + 1));
    if (body === null) {
      // The rest of the body is not read: close the connection after answering instead of draining it.
      const refused = await handler(Buffer.alloc(0), searchParams, false, true);
      send(res, { ...refused, headers: { ...refused.headers, connection: 'close' } }, true);
      return;
    }
    send(res, await handler(body, searchParams, slot.cap > MAX_BODY_BYTES), false);
  } catch {
    if (!res.headersSent) send(res, unreadable(), true);
  } finally {
    slot.release();
  }
}

function send(res: http.ServerResponse, result: Answer, closeAfter: boolean): void {
  if (res.destroyed) return;
  if (result.body === null) {
    res.writeHead(result.status, result.headers);
    res.end();
  } else {
    const json = JSON.stringify(result.body);
    res.writeHead(result.status, {
      ...result.headers,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(json),
    });
    res.end(json);
  }
  if (closeAfter) res.once('finish', () => res.req.destroy());
}

/**
 * The body, or null as soon as it is known to exceed `cap` bytes: from Content-Length before reading, else
 * while streaming (a chunked or lying client cannot make us buffer more).
 */
function readCappedBody(req: http.IncomingMessage, cap: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        cleanup();
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

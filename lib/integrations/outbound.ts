// Every request an integration's client makes (#64) goes through one undici dispatcher: a provider's address is
// checked as the connection is made (no loopback, private or metadata address unless INTEGRATIONS_ALLOW_PRIVATE,
// the guard of alert webhooks, lib/alerts/webhook-guard.ts), answers are capped, and each exchange (method, path,
// body sent, answer status) is written down for the delivery log. The official clients are all handed it: Octokit
// through its fetch, GitLab's and Linear's through the fetch dispatcher they pass on, jira.js's axios through its
// fetch adapter.
import { AsyncLocalStorage } from 'node:async_hooks';
import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { isPrivateAddress } from '@/lib/alerts/webhook-guard';

/** One request and its answer; `status` null when no answer came. Headers are never kept (they carry tokens). */
export type Exchange = { method: string; path: string; body?: unknown; status: number | null; error?: string };

const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
const MAX_BODY_KEPT = 8 * 1024;

/** INTEGRATIONS_ALLOW_PRIVATE (default: WEBHOOK_ALLOW_PRIVATE): a self-managed GitLab or Jira on a private network. */
export function allowPrivateTargets(): boolean {
  const own = process.env.INTEGRATIONS_ALLOW_PRIVATE?.trim();
  return (own || process.env.WEBHOOK_ALLOW_PRIVATE?.trim()) === 'true';
}

/** Why a URL may not be called: a scheme other than http(s), or a literal non-public address. Null when it may. */
export function refusedUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'Not a valid URL';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'Only http and https addresses can be called';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !allowPrivateTargets() && isPrivateAddress(host))
    return `Refused: ${host} is not a public address`;
  return null;
}

export class RefusedAddress extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

/** dns.lookup, but an answer with a non-public address fails the connection (unless allowed). */
export const guardedLookup: LookupFunction = (host, options, callback) => {
  dns.lookup(host, { ...options, all: true }, (err, addresses) => {
    if (err) return (callback as (e: Error) => void)(err);
    const list = addresses as dns.LookupAddress[];
    const bad = allowPrivateTargets() ? undefined : list.find((a) => isPrivateAddress(a.address));
    if (bad || !list.length)
      return (callback as (e: Error) => void)(
        new RefusedAddress(
          bad ? `Refused: ${host} resolves to a non-public address (${bad.address})` : `No address for ${host}`,
        ),
      );
    if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    else callback(null, list[0].address, list[0].family);
  });
};

const calls = new AsyncLocalStorage<Exchange[]>();

function keptBody(body: unknown): unknown {
  const text =
    typeof body === 'string' ? body : body instanceof Uint8Array ? Buffer.from(body).toString('utf8') : undefined;
  if (text === undefined) return body == null ? undefined : '(streamed body)';
  const cut = text.length > MAX_BODY_KEPT ? `${text.slice(0, MAX_BODY_KEPT)}…` : text;
  try {
    return text.length > MAX_BODY_KEPT ? cut : JSON.parse(text);
  } catch {
    return cut;
  }
}

const SECRET_PARAM = /sig|token|key|secret|code|pass|auth/i;

/** The path as the log keeps it: a query parameter that may carry a secret (a Teams webhook's `sig`) is redacted. */
export function loggedPath(path: string): string {
  const q = path.indexOf('?');
  if (q < 0) return path;
  const params = new URLSearchParams(path.slice(q + 1));
  for (const [k] of params) if (SECRET_PARAM.test(k)) params.set(k, '(redacted)');
  return `${path.slice(0, q)}?${params.toString().replace(/%28redacted%29/g, '(redacted)')}`;
}

/** Passes every callback on; notes the exchange's answer status and aborts an answer past the cap. */
class Recorder implements Dispatcher.DispatchHandlers {
  private abort: ((err: Error) => void) | undefined;
  private received = 0;
  constructor(
    private readonly handler: Dispatcher.DispatchHandlers,
    private readonly exchange: Exchange,
  ) {}
  onConnect(abort: (err?: Error) => void) {
    this.abort = abort;
    return this.handler.onConnect?.(abort);
  }
  onHeaders(status: number, headers: Buffer[], resume: () => void, statusText: string) {
    this.exchange.status = status;
    return this.handler.onHeaders?.(status, headers, resume, statusText) ?? true;
  }
  onData(chunk: Buffer) {
    this.received += chunk.length;
    if (this.received > MAX_ANSWER_BYTES) {
      this.abort?.(new Error(`Answer larger than ${MAX_ANSWER_BYTES} bytes`));
      return false;
    }
    return this.handler.onData?.(chunk) ?? true;
  }
  onError(err: Error) {
    this.exchange.error = err.message;
    return this.handler.onError?.(err);
  }
  onComplete(trailers: string[] | null) {
    return this.handler.onComplete?.(trailers);
  }
  onUpgrade(statusCode: number, headers: Buffer[] | string[] | null, socket: import('node:stream').Duplex) {
    return this.handler.onUpgrade?.(statusCode, headers, socket);
  }
  onResponseStarted() {
    return this.handler.onResponseStarted?.();
  }
  onBodySent(chunkSize: number, totalBytesSent: number) {
    return this.handler.onBodySent?.(chunkSize, totalBytesSent);
  }
}

function createDispatcher(): Dispatcher {
  return new Agent({
    connect: { lookup: guardedLookup, timeout: 10_000 },
    headersTimeout: 20_000,
    bodyTimeout: 20_000,
  }).compose((dispatch) => (opts, handler) => {
    const origin = String(opts.origin ?? '');
    const exchange: Exchange = {
      method: opts.method,
      path: loggedPath(opts.path),
      body: keptBody(opts.body),
      status: null,
    };
    calls.getStore()?.push(exchange);
    const refused = refusedUrl(origin);
    if (refused) {
      exchange.error = refused;
      handler.onError?.(new RefusedAddress(refused));
      return true;
    }
    return dispatch(opts, new Recorder(handler, exchange));
  });
}

const g = globalThis as unknown as { trackerIntegrationDispatcher?: Dispatcher };
/** The one dispatcher of integration requests in this process. */
export function integrationDispatcher(): Dispatcher {
  return (g.trackerIntegrationDispatcher ??= createDispatcher());
}

/**
 * fetch through the guarded dispatcher (what Octokit is given). fetch hands the dispatcher a stream, so a text body
 * is written into the log here.
 */
export const integrationFetch: typeof fetch = async (input, init) => {
  const list = calls.getStore();
  const from = list?.length ?? 0;
  try {
    return await fetch(input, { ...init, dispatcher: integrationDispatcher() } as RequestInit);
  } finally {
    const made = list?.[from];
    if (made?.body === '(streamed body)' && typeof init?.body === 'string') made.body = keptBody(init.body);
  }
};

/** Notes an exchange made by a client that does not go through the dispatcher (pdjs's node-fetch). */
export function noteExchange(exchange: Exchange): void {
  calls.getStore()?.push(exchange);
}

/** Runs `fn` and returns what it resolved or threw with every exchange it made, in order. */
export async function recordExchanges<T>(
  fn: () => Promise<T>,
): Promise<{ ok: true; value: T; exchanges: Exchange[] } | { ok: false; error: unknown; exchanges: Exchange[] }> {
  const exchanges: Exchange[] = [];
  try {
    return { ok: true, value: await calls.run(exchanges, fn), exchanges };
  } catch (error) {
    return { ok: false, error, exchanges };
  }
}

import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { RouteContext } from '@/lib/http/route';
import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_PROOF_HEADER, clientAddressProof } from '@/lib/auth/client-address';

type Handler = (req: Request, ctx: RouteContext) => Promise<Response>;
type RouteEntry = { segments: string[]; file: string };

const appDir = path.resolve(import.meta.dirname, '../../app');

function collectRoutes(dir: string, segments: string[], out: RouteEntry[]): RouteEntry[] {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) {
      // Route groups "(x)" do not appear in the URL.
      collectRoutes(full, /^\(.*\)$/.test(name) ? segments : [...segments, name], out);
    } else if (name === 'route.ts') {
      out.push({ segments, file: full });
    }
  }
  return out;
}

let routes: RouteEntry[] | undefined;
function allRoutes(): RouteEntry[] {
  // Static segments first so /projects/new beats /projects/[id].
  routes ??= collectRoutes(appDir, [], []).sort(
    (a, b) => b.segments.filter((s) => !s.startsWith('[')).length - a.segments.filter((s) => !s.startsWith('[')).length,
  );
  return routes;
}

function matchRoute(parts: string[]): { entry: RouteEntry; params: Record<string, string | string[]> } | null {
  for (const entry of allRoutes()) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    let i = 0;
    for (const seg of entry.segments) {
      const catchAll = /^\[\[?\.\.\.(.+?)\]?\]$/.exec(seg);
      if (catchAll) {
        // `[...x]` needs at least one segment, as in Next; only `[[...x]]` matches none.
        if (!seg.startsWith('[[') && i >= parts.length) {
          ok = false;
          break;
        }
        params[catchAll[1]] = parts.slice(i);
        i = parts.length;
        break;
      }
      if (i >= parts.length) {
        ok = false;
        break;
      }
      const dyn = /^\[(.+)\]$/.exec(seg);
      if (dyn) params[dyn[1]] = decodeURIComponent(parts[i]);
      else if (seg !== parts[i]) {
        ok = false;
        break;
      }
      i++;
    }
    if (ok && i === parts.length) return { entry, params };
  }
  return null;
}

export type ApiResponse<T = any> = { status: number; body: T; text: string; headers: Headers };
export type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
};

/**
 * Calls the app's route handlers in-process with real Requests (or, with TEST_BASE_URL set, a running
 * server over HTTP), keeping the session cookie like a browser's cookie jar.
 */
export class TestClient {
  cookie: string | undefined;
  /** The socket address our server would stamp on this client's requests (each client its own, like separate machines). */
  address = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  constructor(readonly baseUrl: string | undefined = process.env.TEST_BASE_URL) {}

  async request<T = any>(method: string, pathname: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = new URL(pathname, this.baseUrl ?? 'http://localhost:3000');
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
    const headers = new Headers(opts.headers);
    if (this.cookie && !headers.has('cookie')) headers.set('cookie', this.cookie);
    if (!this.baseUrl) {
      headers.set(CLIENT_ADDRESS_HEADER, this.address);
      headers.set(CLIENT_ADDRESS_PROOF_HEADER, clientAddressProof());
    }
    let body: BodyInit | undefined;
    if (opts.body !== undefined) {
      if (typeof opts.body === 'string' || opts.body instanceof Uint8Array || opts.body instanceof ReadableStream)
        body = opts.body as BodyInit;
      else body = JSON.stringify(opts.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    // A streamed body (no Content-Length) needs Node's half-duplex flag.
    const req = new Request(url, {
      method,
      headers,
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    const res = this.baseUrl ? await fetch(req) : await this.dispatch(req, url);
    for (const c of res.headers.getSetCookie()) {
      const m = /^session=([^;]*)/.exec(c);
      if (m) this.cookie = m[1] && !/Max-Age=0/i.test(c) ? `session=${m[1]}` : undefined;
    }
    const text = await res.text();
    let parsed: any = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  private dispatch(req: Request, url: URL): Promise<Response> {
    return dispatchRoute(req, url);
  }

  get<T = any>(p: string, opts?: RequestOptions) {
    return this.request<T>('GET', p, opts);
  }
  post<T = any>(p: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', p, { ...opts, body });
  }
  patch<T = any>(p: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('PATCH', p, { ...opts, body });
  }
  delete<T = any>(p: string, opts?: RequestOptions) {
    return this.request<T>('DELETE', p, opts);
  }
}

/** Passes a Request to the app's route handler for its path (as Next would), in-process. */
export async function dispatchRoute(req: Request, url = new URL(req.url)): Promise<Response> {
  const found = matchRoute(url.pathname.split('/').filter(Boolean));
  if (!found) return new Response('Not found', { status: 404 });
  const mod = (await import(found.entry.file)) as Record<string, Handler | undefined>;
  const handler = mod[req.method];
  if (!handler) return new Response('Method not allowed', { status: 405 });
  return handler(req, { params: Promise.resolve(found.params) });
}

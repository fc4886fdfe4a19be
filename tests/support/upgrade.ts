// What the upgrade test (#50) uses to talk to either version over HTTP, and to compare what each answered.
import { expect } from 'vitest';

/** A plain HTTP client with a cookie jar of one session cookie (or a bearer token), for either version. */
export class Http {
  cookie: string | undefined;
  constructor(
    public base: string,
    readonly token?: string,
  ) {}
  async req(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (this.cookie) h.cookie = this.cookie;
    if (this.token) h.authorization = `Bearer ${this.token}`;
    if (body !== undefined) h['content-type'] ??= 'application/json';
    const res = await fetch(new URL(p, this.base), {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const m = /^session=([^;]*)/.exec(c);
      if (m) this.cookie = m[1] && !/Max-Age=0/i.test(c) ? `session=${m[1]}` : undefined;
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json, text };
  }
  get(p: string) {
    return this.req('GET', p);
  }
  post(p: string, body?: unknown, headers?: Record<string, string>) {
    return this.req('POST', p, body, headers);
  }
  /** The `data` of a 2xx answer, or a failure naming the request and the answer. */
  async data(method: string, p: string, body?: unknown): Promise<any> {
    const res = await this.req(method, p, body);
    if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${res.text}`);
    return res.body.data;
  }
}

export type Project = { id: string; slug: string; number: number; keys: { id: string; publicKey: string }[] };
export type Issue = { id: string; title: string; eventCount: number; [k: string]: unknown };

/** The Sentry DSN of a project's key on a server. */
export const dsn = (base: string, p: Project) => {
  const u = new URL(base);
  return `http://${p.keys[0].publicKey}@${u.host}/${p.number}`;
};

export async function issuesOf(http: Http, p: Project): Promise<Issue[]> {
  const data = await http.data('GET', `/api/v1/projects/${p.id}/issues?limit=100`);
  return (data.issues as Issue[]).sort((a, b) => a.title.localeCompare(b.title));
}

/** Polls until the project's issues add up to `events` events (ingest answers once committed; counts may lag). */
export async function settledIssues(http: Http, p: Project, events: number): Promise<Issue[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const issues = await issuesOf(http, p);
    const sum = issues.reduce((n, i) => n + i.eventCount, 0);
    if (sum === events || Date.now() > deadline) {
      expect(sum, JSON.stringify(issues.map((i) => [i.title, i.eventCount]))).toBe(events);
      return issues;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * `now` keeps everything `then` had: each field of an object with an equal value (fields added since are allowed),
 * arrays element by element. Returns the differences as `path: then → now` lines.
 */
export function lost(then: unknown, now: unknown, at = ''): string[] {
  if (then === null || typeof then !== 'object') {
    return Object.is(then, now) ? [] : [`${at}: ${JSON.stringify(then)} → ${JSON.stringify(now)}`];
  }
  if (now === null || typeof now !== 'object' || Array.isArray(then) !== Array.isArray(now)) {
    return [`${at}: ${JSON.stringify(then).slice(0, 200)} → ${JSON.stringify(now)?.slice(0, 200)}`];
  }
  if (Array.isArray(then)) {
    const n = now as unknown[];
    if (n.length !== then.length) return [`${at}: ${then.length} items → ${n.length}`];
    return then.flatMap((v, i) => lost(v, n[i], `${at}[${i}]`));
  }
  return Object.entries(then as Record<string, unknown>).flatMap(([k, v]) =>
    lost(v, (now as Record<string, unknown>)[k], `${at}.${k}`),
  );
}

import { UAParser } from 'ua-parser-js';
import { isObject, type JsonObject } from './parse-envelope';

type Derived = { browser?: JsonObject; os?: JsonObject; device?: JsonObject };

/** The event's `request.headers` User-Agent, whatever its case (browser SDKs send `User-Agent`). */
export function userAgentOf(request: unknown): string | undefined {
  if (!isObject(request) || !isObject(request.headers)) return undefined;
  for (const [k, v] of Object.entries(request.headers))
    if (k.toLowerCase() === 'user-agent' && typeof v === 'string' && v !== '') return v;
  // Some SDKs send headers as [[name, value], …] pairs.
  if (Array.isArray(request.headers)) {
    for (const pair of request.headers)
      if (Array.isArray(pair) && String(pair[0]).toLowerCase() === 'user-agent' && typeof pair[1] === 'string')
        return pair[1];
  }
  return undefined;
}

type Parsed = { browserName: string | undefined; browserMajor: number; contexts: Derived };

/**
 * A User-Agent parsed once by ua-parser-js 1.x (MIT; at most 512 characters read), for both readers of it: the
 * contexts ingest derives and the legacy-browser filter. A site's traffic comes from few distinct browsers, so each is
 * parsed once and kept (2,000 at most), off the ingest path's cost.
 */
export function parseUserAgent(ua: string): Parsed {
  const key = ua.slice(0, 512);
  const hit = parsed.get(key);
  if (hit) return hit;
  const result = parse(key);
  if (parsed.size >= MAX_CACHED) parsed.clear();
  parsed.set(key, result);
  return result;
}

/** Browser, OS and device read off a User-Agent, as Sentry's ingest derives them when the SDK sends no such context. */
export function contextsFromUserAgent(ua: string): Derived {
  return parseUserAgent(ua).contexts;
}

const MAX_CACHED = 2_000;
const parsed = new Map<string, Parsed>();

function parse(ua: string): Parsed {
  const r = new UAParser(ua).getResult();
  const contexts: Derived = {};
  if (r.browser.name)
    contexts.browser = r.browser.version
      ? { name: r.browser.name, version: r.browser.version }
      : { name: r.browser.name };
  if (r.os.name) contexts.os = r.os.version ? { name: r.os.name, version: r.os.version } : { name: r.os.name };
  if (r.device.model)
    contexts.device = {
      family: r.device.model,
      model: r.device.model,
      ...(r.device.vendor ? { brand: r.device.vendor } : {}),
    };
  return { browserName: r.browser.name, browserMajor: Number.parseInt(r.browser.major ?? '', 10), contexts };
}

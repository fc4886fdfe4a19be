// A Sentry event's `contexts` (#58): every context the SDK sent (the SDKs' own runtime, os, browser, device, app,
// trace, culture, gpu, state, response, cloud_resource, react, otel, flags… and what a team sets with
// `Sentry.setContext`), kept as sent with nested values; the schema (lib/envelope/schemas.ts fitContext) then cuts
// each to its caps. Browser, OS and device the SDK did not send are read off the request's User-Agent.
import { contextsFromUserAgent, userAgentOf } from '@/lib/envelope/user-agent';
import { isObject, type JsonObject } from '@/lib/envelope/parse-envelope';
import { setOwn } from '@/lib/envelope/schemas';

/** Contexts whose `name` and `version` name a product: shown together ("Chrome 131"), so kept as strings. */
const NAME_VERSION = new Set(['browser', 'os']);

/**
 * One context as sent, without its `type` when that only repeats the context's name (Sentry's default: `device`
 * is of type `device`); a browser's or OS's name and version as strings (`"version": 14` → `"14"`), null ones left
 * out. Null when nothing is left.
 */
function contextOf(name: string, sent: JsonObject): JsonObject | null {
  const nameVersion = NAME_VERSION.has(name);
  const out: JsonObject = {};
  let any = false;
  for (const k in sent) {
    if (!Object.hasOwn(sent, k)) continue;
    let v = sent[k];
    if (v === undefined || (k === 'type' && v === name)) continue;
    if (nameVersion && (k === 'name' || k === 'version')) {
      if (v === null) continue;
      if (typeof v !== 'string') v = typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    setOwn(out, k, v);
    any = true;
  }
  return any ? out : null;
}

/** Every context sent (objects only), with what the User-Agent says of the browser, OS and device when they are missing. */
export function contextsOf(v: unknown, request?: unknown): JsonObject | undefined {
  const ua = userAgentOf(request);
  if (!isObject(v) && !ua) return undefined;
  const out: JsonObject = {};
  let any = false;
  if (isObject(v))
    for (const name in v) {
      if (!Object.hasOwn(v, name)) continue;
      const sent = v[name];
      const c = isObject(sent) ? contextOf(name, sent) : null;
      if (c === null) continue;
      setOwn(out, name, c);
      any = true;
    }
  // What the SDK did not say, read off the User-Agent it sent (the browser SDK sends only the header).
  if (ua && (!isObject(out.browser) || !isObject(out.os) || !isObject(out.device))) {
    // Copies: the parsed contexts are shared by every event with this User-Agent (scrubbing may change an event's).
    const derived = contextsFromUserAgent(ua);
    for (const k of ['browser', 'os', 'device'] as const) {
      const d = derived[k];
      if (!isObject(out[k]) && d) {
        out[k] = { ...d };
        any = true;
      }
    }
  }
  return any ? out : undefined;
}

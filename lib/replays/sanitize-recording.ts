// A recording is hostile HTML (#46): before the player rebuilds it, the attributes that would make the browser
// connect anywhere without a script are taken out. The player's frame is sandboxed (no script runs) and the
// dashboard's content security policy refuses images, styles, fonts, media and frames from other origins, but a
// frame's navigation, a <link rel=preconnect> and a <meta http-equiv=refresh> can still open a connection before any
// policy is checked. Event handler attributes and javascript: URLs go too (they cannot run there either).
import { RRWEB, rrwebTimeMs } from '@/lib/envelope/rrweb';

type Attrs = Record<string, unknown>;
type Node = { type?: unknown; id?: unknown; tagName?: unknown; attributes?: unknown; childNodes?: unknown };

/** rrweb-snapshot's NodeType of an element (node types, not event types). */
const ELEMENT = 2;
const CONNECTING_RELS = new Set(['preconnect', 'dns-prefetch', 'prefetch', 'prerender', 'preload', 'modulepreload']);
const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Removes what would connect or run from one element's attributes (`attrs` may be a mutation's partial set). */
function cleanAttributes(tag: string, attrs: Attrs, known?: Attrs): void {
  for (const name of Object.keys(attrs)) {
    const lower = name.toLowerCase();
    const value = attrs[name];
    if (lower.startsWith('on')) delete attrs[name];
    else if (URL_ATTRS.includes(lower) && typeof value === 'string' && /^\s*(javascript|vbscript):/i.test(value))
      delete attrs[name];
  }
  if (tag === 'iframe' || tag === 'frame') {
    delete attrs.src;
    delete attrs.srcdoc;
  } else if (tag === 'object' || tag === 'embed' || tag === 'portal') {
    delete attrs.src;
    delete attrs.data;
  } else if (tag === 'meta') {
    if ('http-equiv' in attrs || (known && 'http-equiv' in known)) {
      delete attrs['http-equiv'];
      delete attrs.content;
    }
  } else if (tag === 'link') {
    const rel = String(attrs.rel ?? known?.rel ?? '').toLowerCase();
    if (rel.split(/\s+/).some((r) => CONNECTING_RELS.has(r))) delete attrs.href;
  }
}

/** Walks a serialized node tree (an explicit stack: a hostile tree may be deep), remembering each element's tag. */
function cleanTree(root: unknown, tags: Map<unknown, { tag: string; attrs: Attrs }>): void {
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop() as Node;
    if (!isObject(n)) continue;
    if (n.type === ELEMENT && typeof n.tagName === 'string' && isObject(n.attributes)) {
      const tag = n.tagName.toLowerCase();
      cleanAttributes(tag, n.attributes);
      tags.set(n.id, { tag, attrs: n.attributes });
    }
    if (Array.isArray(n.childNodes)) stack.push(...n.childNodes);
  }
}

/**
 * The recording's events with connecting and running attributes removed (in place; also returned), and every time in
 * milliseconds (the SDK sends its performance spans' in seconds, which would put them in 1970 on the player's clock).
 */
export function sanitizeRecording(events: unknown[]): unknown[] {
  const tags = new Map<unknown, { tag: string; attrs: Attrs }>();
  for (const e of events) {
    if (!isObject(e)) continue;
    const at = rrwebTimeMs(e.timestamp);
    if (at !== null) e.timestamp = at;
    if (!isObject(e.data)) continue;
    const data = e.data;
    if (e.type === RRWEB.fullSnapshot) {
      tags.clear();
      cleanTree(data.node, tags);
    } else if (e.type === RRWEB.incrementalSnapshot && data.source === RRWEB.mutation) {
      if (Array.isArray(data.adds)) for (const add of data.adds) if (isObject(add)) cleanTree(add.node, tags);
      if (Array.isArray(data.attributes))
        for (const change of data.attributes) {
          if (!isObject(change) || !isObject(change.attributes)) continue;
          const known = tags.get(change.id);
          cleanAttributes(known?.tag ?? '', change.attributes, known?.attrs);
        }
    }
  }
  return events;
}

import type { Breadcrumb } from './types';
import { now, stringify, truncate } from './util';

export const MAX_BREADCRUMBS = 100;
const MAX_MESSAGE = 1024;

/** Ring of the most recent breadcrumbs: at most `max`, oldest dropped first. */
export class BreadcrumbBuffer {
  private items: Breadcrumb[] = [];
  readonly max: number;

  constructor(max: number = MAX_BREADCRUMBS) {
    this.max = Math.max(1, Math.min(MAX_BREADCRUMBS, Math.floor(max) || MAX_BREADCRUMBS));
  }

  add(crumb: Omit<Breadcrumb, 'timestamp'> & { timestamp?: number }): void {
    const item: Breadcrumb = { type: String(crumb.type), timestamp: crumb.timestamp ?? now() };
    if (crumb.message !== undefined) item.message = truncate(String(crumb.message), MAX_MESSAGE);
    if (crumb.data) item.data = crumb.data;
    this.items.push(item);
    if (this.items.length > this.max) this.items.splice(0, this.items.length - this.max);
  }

  /** A copy, oldest first. */
  snapshot(): Breadcrumb[] {
    return this.items.slice();
  }

  clear(): void {
    this.items = [];
  }

  get size(): number {
    return this.items.length;
  }
}

type Uninstall = () => void;

/** `tag#id.class1.class2` for an element (the target of a click). */
export function describeElement(target: unknown): string {
  let el = target as Element | null;
  if (el && (el as Node).nodeType === 3) el = (el as Node).parentElement; // text node
  if (!el || typeof el.tagName !== 'string') return '<unknown>';
  let out = el.tagName.toLowerCase();
  if (el.id) out += '#' + el.id;
  const cls = typeof el.getAttribute === 'function' ? el.getAttribute('class') : null;
  if (cls) {
    const parts = cls.split(/\s+/).filter(Boolean).slice(0, 5);
    for (const c of parts) out += '.' + c;
  }
  return truncate(out, 200);
}

export function instrumentClicks(buf: BreadcrumbBuffer): Uninstall {
  if (typeof document === 'undefined') return () => {};
  const handler = (ev: Event) => {
    try {
      buf.add({ type: 'click', message: describeElement(ev.target) });
    } catch {
      /* never throw into the page */
    }
  };
  document.addEventListener('click', handler, true);
  return () => document.removeEventListener('click', handler, true);
}

export function instrumentNavigation(buf: BreadcrumbBuffer): Uninstall {
  if (typeof window === 'undefined' || !window.history) return () => {};
  let last = location.href;
  const record = (kind: string) => {
    try {
      const to = location.href;
      if (to === last) return;
      buf.add({ type: 'navigation', message: to, data: { from: last, to, via: kind } });
      last = to;
    } catch {
      /* ignore */
    }
  };
  const h = window.history;
  const origPush = h.pushState;
  const origReplace = h.replaceState;
  const wrap = (orig: History['pushState'], kind: string): History['pushState'] =>
    function (this: History, ...args: Parameters<History['pushState']>) {
      const r = orig.apply(this, args);
      record(kind);
      return r;
    };
  const push = wrap(origPush, 'pushState');
  const replace = wrap(origReplace, 'replaceState');
  h.pushState = push;
  h.replaceState = replace;
  const onPop = () => record('popstate');
  window.addEventListener('popstate', onPop);
  return () => {
    if (h.pushState === push) h.pushState = origPush;
    if (h.replaceState === replace) h.replaceState = origReplace;
    window.removeEventListener('popstate', onPop);
  };
}

const CONSOLE_LEVELS = ['log', 'info', 'warn', 'error'] as const;

export function instrumentConsole(buf: BreadcrumbBuffer): Uninstall {
  if (typeof console === 'undefined') return () => {};
  const restores: Uninstall[] = [];
  for (const level of CONSOLE_LEVELS) {
    const orig = console[level];
    if (typeof orig !== 'function') continue;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      try {
        buf.add({
          type: 'console',
          message: args.map(stringify).join(' '),
          data: { level },
        });
      } catch {
        /* ignore */
      }
      return orig.apply(this === undefined ? console : this, args);
    };
    console[level] = wrapped;
    restores.push(() => {
      if (console[level] === wrapped) console[level] = orig;
    });
  }
  return () => restores.forEach((r) => r());
}

function resolveUrl(url: string): string {
  try {
    return new URL(url, typeof location !== 'undefined' ? location.href : undefined).href;
  } catch {
    return url;
  }
}

export type UrlFilter = (absoluteUrl: string) => boolean;

export function instrumentFetch(buf: BreadcrumbBuffer, ignore: UrlFilter): Uninstall {
  const g = globalThis as { fetch?: typeof fetch };
  const orig = g.fetch;
  if (typeof orig !== 'function') return () => {};
  const wrapped = function (this: unknown, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    let method = 'GET';
    let url = '';
    let skip = false;
    try {
      if (typeof input === 'string') url = input;
      else if (input instanceof URL) url = input.href;
      else if (input && typeof (input as Request).url === 'string') {
        url = (input as Request).url;
        method = (input as Request).method || method;
      }
      if (init && init.method) method = init.method;
      method = String(method).toUpperCase();
      url = resolveUrl(url);
      skip = ignore(url);
    } catch {
      skip = true;
    }
    const p = orig.call(this === undefined ? globalThis : this, input, init);
    if (skip) return p;
    return p.then(
      (res) => {
        try {
          buf.add({ type: 'fetch', message: method + ' ' + url, data: { method, url, status: res.status } });
        } catch {
          /* ignore */
        }
        return res;
      },
      (err) => {
        try {
          buf.add({
            type: 'fetch',
            message: method + ' ' + url,
            data: { method, url, status: 0, error: stringify(err && err.message ? err.message : err) },
          });
        } catch {
          /* ignore */
        }
        throw err;
      },
    );
  };
  g.fetch = wrapped as typeof fetch;
  return () => {
    if (g.fetch === wrapped) g.fetch = orig;
  };
}

interface XhrInfo {
  __trk?: { method: string; url: string };
}

export function instrumentXhr(buf: BreadcrumbBuffer, ignore: UrlFilter): Uninstall {
  if (typeof XMLHttpRequest === 'undefined') return () => {};
  const proto = XMLHttpRequest.prototype;
  const origOpen = proto.open;
  const origSend = proto.send;
  const open = function (this: XMLHttpRequest & XhrInfo, ...args: unknown[]) {
    try {
      this.__trk = { method: String(args[0] || 'GET').toUpperCase(), url: resolveUrl(String(args[1])) };
    } catch {
      /* ignore */
    }
    return (origOpen as (...a: unknown[]) => void).apply(this, args);
  } as XMLHttpRequest['open'];
  const send = function (this: XMLHttpRequest & XhrInfo, body?: Document | XMLHttpRequestBodyInit | null) {
    try {
      const info = this.__trk;
      if (info && !ignore(info.url)) {
        const onEnd = () => {
          try {
            this.removeEventListener('loadend', onEnd);
            buf.add({
              type: 'xhr',
              message: info.method + ' ' + info.url,
              data: { method: info.method, url: info.url, status: this.status },
            });
          } catch {
            /* ignore */
          }
        };
        this.addEventListener('loadend', onEnd);
      }
    } catch {
      /* ignore */
    }
    return origSend.call(this, body);
  };
  proto.open = open;
  proto.send = send;
  return () => {
    if (proto.open === open) proto.open = origOpen;
    if (proto.send === send) proto.send = origSend;
  };
}

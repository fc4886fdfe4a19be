import {
  BreadcrumbBuffer,
  instrumentClicks,
  instrumentConsole,
  instrumentFetch,
  instrumentNavigation,
  instrumentXhr,
} from './breadcrumbs';
import { debugImagesFor } from './debug-ids';
import { parseDsn, type Dsn } from './dsn';
import { shouldSample, trackPageLoad, type VitalsApi } from './performance';
import { parseStack, syntheticFrame } from './stack';
import { Transport } from './transport';
import type { Breadcrumb, CaptureContext, ErrorEvent, InitOptions, Level, StackFrame, User } from './types';
import { parseBrowser, parseOs } from './ua';
import { isError, stringify, truncate, uuid32 } from './util';

const LEVELS: Level[] = ['fatal', 'error', 'warning', 'info', 'debug'];
const MAX_VALUE = 10000;

function validLevel(level: unknown, fallback: Level): Level {
  return LEVELS.indexOf(level as Level) >= 0 ? (level as Level) : fallback;
}

function stringTags(tags: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (tags && typeof tags === 'object') {
    for (const k of Object.keys(tags)) {
      const v = (tags as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = stringify(v);
    }
  }
  return out;
}

interface Active {
  dsn: Dsn;
  options: InitOptions;
  transport: Transport;
  breadcrumbs: BreadcrumbBuffer;
  uninstall: Array<() => void>;
  seen: WeakSet<object>;
}

/** One tracker instance. The package's functions drive a single shared instance. */
export class Client {
  private active: Active | null = null;
  private user: User | undefined;
  private tags: Record<string, string> = {};

  constructor(private readonly vitals: VitalsApi) {}

  get enabled(): boolean {
    return this.active !== null;
  }

  /** The transport of the running instance (for tests and flushing). */
  get transport(): Transport | undefined {
    return this.active ? this.active.transport : undefined;
  }

  get breadcrumbs(): Breadcrumb[] {
    return this.active ? this.active.breadcrumbs.snapshot() : [];
  }

  init(options: InitOptions): boolean {
    this.teardown();
    const dsn = parseDsn(options && options.dsn);
    if (!dsn) {
      try {
        console.warn(
          '[tracker] Invalid DSN ' +
            JSON.stringify(String(options && options.dsn)) +
            '; expected https://<publicKey>@<host>/<projectId>. The tracker is disabled.',
        );
      } catch {
        /* ignore */
      }
      return false;
    }
    const breadcrumbs = new BreadcrumbBuffer(options.maxBreadcrumbs);
    const transport = new Transport(dsn.ingestUrl, dsn.publicKey);
    const a: Active = { dsn, options, transport, breadcrumbs, uninstall: [], seen: new WeakSet() };
    this.active = a;
    a.uninstall.push(() => transport.close());

    let ingest = dsn.ingestUrl;
    try {
      ingest = new URL(dsn.ingestUrl).href;
    } catch {
      /* keep */
    }
    const isIngest = (url: string) => url.indexOf(ingest) === 0 || url.indexOf(dsn.ingestUrl) === 0;

    const safeInstall = (fn: () => () => void) => {
      try {
        a.uninstall.push(fn());
      } catch {
        /* ignore */
      }
    };
    safeInstall(() => instrumentConsole(breadcrumbs));
    safeInstall(() => instrumentFetch(breadcrumbs, isIngest));
    safeInstall(() => instrumentXhr(breadcrumbs, isIngest));
    safeInstall(() => instrumentClicks(breadcrumbs));
    safeInstall(() => instrumentNavigation(breadcrumbs));
    safeInstall(() => this.installGlobalHandlers());

    try {
      if (typeof document !== 'undefined' && shouldSample(options.tracesSampleRate, options.random || Math.random)) {
        a.uninstall.push(
          trackPageLoad({
            vitals: this.vitals,
            timeout: options.transactionTimeout,
            send: (tx) => {
              if (this.active === a) void a.transport.send(tx);
            },
          }),
        );
      }
    } catch {
      /* ignore */
    }
    return true;
  }

  private installGlobalHandlers(): () => void {
    if (typeof window === 'undefined' || !window.addEventListener) return () => {};
    const onError = (ev: Event) => {
      try {
        const e = ev as globalThis.ErrorEvent;
        const err = e.error;
        let fallback: StackFrame | undefined;
        if (e.filename && e.lineno > 0) {
          fallback = { filename: e.filename, lineno: e.lineno };
          if (e.colno > 0) fallback.colno = e.colno;
        }
        if (isError(err)) {
          this.captureError(err, undefined, 'error', fallback);
        } else if (err !== undefined && err !== null) {
          this.send({ type: 'Error', value: stringify(err) }, fallback ? [fallback] : [], 'error');
        } else {
          this.send(
            { type: 'Error', value: String(e.message || 'Unknown error') },
            fallback ? [fallback] : [],
            'error',
          );
        }
      } catch {
        /* never throw into the page */
      }
    };
    const onRejection = (ev: Event) => {
      try {
        const reason = (ev as PromiseRejectionEvent).reason;
        if (isError(reason)) this.captureError(reason, undefined, 'error');
        else this.send({ type: 'UnhandledRejection', value: stringify(reason) }, [], 'error');
      } catch {
        /* ignore */
      }
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }

  /** Stops capturing and restores everything that was patched. Keeps user and tags. */
  teardown(): void {
    const a = this.active;
    this.active = null;
    if (!a) return;
    for (const fn of a.uninstall.reverse()) {
      try {
        fn();
      } catch {
        /* ignore */
      }
    }
  }

  close(): void {
    this.teardown();
    this.user = undefined;
    this.tags = {};
  }

  setUser(user: User | null | undefined): void {
    if (!user || typeof user !== 'object') {
      this.user = undefined;
      return;
    }
    const u: User = {};
    if (user.id !== undefined && user.id !== null) u.id = String(user.id);
    if (user.email !== undefined && user.email !== null) u.email = String(user.email);
    this.user = u.id !== undefined || u.email !== undefined ? u : undefined;
  }

  setTag(key: string, value: unknown): void {
    if (value === undefined || value === null) delete this.tags[String(key)];
    else this.tags[String(key)] = stringify(value);
  }

  addBreadcrumb(crumb: Omit<Breadcrumb, 'timestamp'> & { timestamp?: number }): void {
    if (this.active && crumb && typeof crumb === 'object') this.active.breadcrumbs.add(crumb);
  }

  /** `syntheticStack`: `new Error().stack` taken in the public API function (its first frame is dropped). */
  captureException(err: unknown, ctx?: CaptureContext, syntheticStack?: string): string | undefined {
    if (!this.active) return undefined;
    const level = validLevel(ctx && ctx.level, 'error');
    if (isError(err)) return this.captureError(err, ctx, level);
    return this.send({ type: 'Error', value: stringify(err) }, callSiteFrames(syntheticStack), level, ctx && ctx.tags);
  }

  captureMessage(message: unknown, level?: Level, syntheticStack?: string): string | undefined {
    if (!this.active) return undefined;
    return this.send(
      { type: 'Message', value: stringify(message) },
      callSiteFrames(syntheticStack),
      validLevel(level, 'info'),
    );
  }

  private captureError(
    err: Error,
    ctx: CaptureContext | undefined,
    level: Level,
    fallback?: StackFrame,
  ): string | undefined {
    const a = this.active;
    if (!a) return undefined;
    if (a.seen.has(err)) return undefined; // already reported (e.g. captured, then rethrown)
    try {
      a.seen.add(err);
    } catch {
      /* ignore */
    }
    let frames = parseStack(err.stack);
    if (!frames.length && fallback) frames = [fallback];
    const type = String(err.name || (err.constructor && err.constructor.name) || 'Error');
    const value =
      err.message !== undefined && err.message !== null && String(err.message) !== '' ? String(err.message) : type;
    return this.send({ type, value }, frames, level, ctx && ctx.tags);
  }

  private send(
    exc: { type: string; value: string },
    frames: StackFrame[],
    level: Level,
    extraTags?: Record<string, unknown>,
  ): string | undefined {
    const a = this.active;
    if (!a) return undefined;
    let event: ErrorEvent | null = this.buildEvent(a, exc, frames, level, extraTags);
    const beforeSend = a.options.beforeSend;
    if (typeof beforeSend === 'function') {
      try {
        const r = beforeSend(event);
        event = r && typeof r === 'object' ? r : null;
      } catch {
        event = null; // never send an event the host wanted to inspect/scrub if its hook failed
      }
      if (!event) return undefined;
      if (event.tags) event.tags = stringTags(event.tags);
    }
    void a.transport.send(event);
    return event.event_id;
  }

  private buildEvent(
    a: Active,
    exc: { type: string; value: string },
    frames: StackFrame[],
    level: Level,
    extraTags?: Record<string, unknown>,
  ): ErrorEvent {
    const event: ErrorEvent = {
      exception: {
        type: truncate(exc.type || 'Error', 200),
        value: truncate(exc.value, MAX_VALUE),
        stacktrace: { frames: frames.length ? frames : [syntheticFrame()] },
      },
      level,
      timestamp: Date.now(),
    };
    const o = a.options;
    if (o.environment !== undefined && o.environment !== null) event.environment = String(o.environment);
    if (o.release !== undefined && o.release !== null) event.release = String(o.release);
    if (this.user) event.user = { ...this.user };
    const crumbs = a.breadcrumbs.snapshot();
    if (crumbs.length) event.breadcrumbs = crumbs;
    const tags = { ...this.tags, ...stringTags(extraTags) };
    if (Object.keys(tags).length) event.tags = tags;
    try {
      if (typeof location !== 'undefined' && location.href) {
        event.request = { url: String(location.href) };
        const ua = typeof navigator !== 'undefined' ? navigator.userAgent : '';
        if (ua) {
          event.request.headers = { 'User-Agent': ua };
          const browser = parseBrowser(ua);
          const os = parseOs(ua);
          if (browser || os) {
            event.contexts = {};
            if (browser) event.contexts.browser = browser;
            if (os) event.contexts.os = os;
          }
        }
      }
    } catch {
      /* ignore */
    }
    const images = debugImagesFor(event.exception.stacktrace.frames);
    if (images) event.debug_meta = { images };
    event.event_id = uuid32();
    return event;
  }
}

/** Frames of a stack captured at the public API call, minus the API function's own frame. */
function callSiteFrames(stack: string | undefined): StackFrame[] {
  const frames = parseStack(stack);
  return frames.length > 1 ? frames.slice(1) : frames;
}

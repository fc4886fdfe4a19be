export type Level = 'fatal' | 'error' | 'warning' | 'info' | 'debug';

export interface StackFrame {
  filename: string;
  function?: string;
  lineno: number;
  colno?: number;
}

/** A file with a debug ID (`sentry-cli sourcemaps inject`), so the server finds its source map. */
export interface DebugImage {
  type: 'sourcemap';
  code_file: string;
  debug_id: string;
}

export interface Breadcrumb {
  type: string;
  message?: string;
  /** milliseconds since the epoch */
  timestamp: number;
  data?: Record<string, unknown>;
}

export interface User {
  id?: string;
  email?: string;
}

export interface ErrorEvent {
  exception: {
    type: string;
    value: string;
    stacktrace: { frames: StackFrame[] };
  };
  level: Level;
  /** milliseconds since the epoch */
  timestamp: number;
  environment?: string;
  release?: string;
  user?: User;
  breadcrumbs?: Breadcrumb[];
  tags?: Record<string, string>;
  request?: { url: string; method?: string; headers?: { 'User-Agent'?: string } };
  contexts?: {
    browser?: { name: string; version: string };
    os?: { name: string; version: string };
  };
  event_id?: string;
  debug_meta?: { images: DebugImage[] };
}

export interface Vitals {
  lcp?: number;
  cls?: number;
  fcp?: number;
  ttfb?: number;
}

export interface TransactionEvent {
  type: 'transaction';
  name: string;
  duration: number;
  timestamp: number;
  status: 'ok';
  vitals: Vitals;
}

export interface InitOptions {
  /** `https://<publicKey>@<host>/<projectId>` */
  dsn: string;
  environment?: string;
  release?: string;
  /** 0..1, probability that a page view sends a performance transaction. Default 0 (off). */
  tracesSampleRate?: number;
  /** Return the (possibly modified) event, or null to drop it. Applies to error events only. */
  beforeSend?: (event: ErrorEvent) => ErrorEvent | null | undefined;
  /** Max breadcrumbs kept (1..100, default 100). */
  maxBreadcrumbs?: number;
  /** Milliseconds after the load event after which the transaction is sent if the page was not hidden before. Default 10000. */
  transactionTimeout?: number;
  /** Random source used once at init for trace sampling (for tests). Default Math.random. */
  random?: () => number;
}

export interface CaptureContext {
  tags?: Record<string, unknown>;
  level?: Level;
}

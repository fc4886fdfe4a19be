import type { TransactionEvent, Vitals } from './types';

type MetricCallback = (metric: { value: number }) => void;
type OnMetric = (cb: MetricCallback, opts?: { reportAllChanges?: boolean }) => void;

export interface VitalsApi {
  onLCP: OnMetric;
  onCLS: OnMetric;
  onFCP: OnMetric;
  onTTFB: OnMetric;
}

export const DEFAULT_TRANSACTION_TIMEOUT = 10000;

/** Decides once whether this page view is traced. 0 (or invalid) → never, 1 → always. */
export function shouldSample(rate: unknown, random: () => number = Math.random): boolean {
  const r = typeof rate === 'number' ? rate : Number(rate);
  if (!(r > 0)) return false;
  if (r >= 1) return true;
  return random() < r;
}

/** Page-load duration in ms: navigation timing loadEventEnd - startTime, else performance.now(). */
export function pageLoadDuration(): number {
  let d = -1;
  try {
    const perf = globalThis.performance;
    if (perf) {
      const nav = perf.getEntriesByType
        ? (perf.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
        : undefined;
      if (nav && nav.loadEventEnd > 0) d = nav.loadEventEnd - nav.startTime;
      else if (perf.timing && perf.timing.loadEventEnd > 0 && perf.timing.navigationStart > 0) {
        d = perf.timing.loadEventEnd - perf.timing.navigationStart;
      } else if (perf.now) d = perf.now();
    }
  } catch {
    /* ignore */
  }
  if (!(d >= 0) || !isFinite(d)) d = 0;
  return Math.round(d * 1000) / 1000;
}

export function transactionName(): string {
  let p = '/';
  try {
    p = location.pathname || '/';
  } catch {
    /* ignore */
  }
  return p.slice(0, 200);
}

/**
 * Collects web vitals and sends ONE transaction per page view when the page becomes hidden
 * (visibilitychange → hidden, or pagehide) or `timeout` ms after the load event, whichever first.
 */
export function trackPageLoad(opts: {
  send: (tx: TransactionEvent) => void;
  vitals: VitalsApi;
  timeout?: number;
}): () => void {
  const vitals: Vitals = {};
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const record = (key: keyof Vitals) => (m: { value: number }) => {
    try {
      if (m && typeof m.value === 'number' && isFinite(m.value) && m.value >= 0)
        vitals[key] = Math.round(m.value * 10000) / 10000;
    } catch {
      /* ignore */
    }
  };
  try {
    // LCP and CLS with every change: web-vitals reports their final values only on input or on
    // visibilitychange, and a page left by navigation gets pagehide first, so without the interim
    // values the transaction sent on pagehide would lack CLS (and LCP if there was no input).
    opts.vitals.onLCP(record('lcp'), { reportAllChanges: true });
    opts.vitals.onCLS(record('cls'), { reportAllChanges: true });
    opts.vitals.onFCP(record('fcp'), { reportAllChanges: false });
    opts.vitals.onTTFB(record('ttfb'), { reportAllChanges: false });
  } catch {
    /* ignore */
  }

  const cleanup = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', finish);
    window.removeEventListener('load', onLoad);
  };
  const finish = () => {
    if (done) return;
    done = true;
    cleanup();
    try {
      opts.send({
        type: 'transaction',
        name: transactionName(),
        duration: pageLoadDuration(),
        timestamp: Date.now(),
        status: 'ok',
        vitals: { ...vitals },
      });
    } catch {
      /* ignore */
    }
  };
  // Registered on document (target phase) so that web-vitals' capture-phase window listeners,
  // which report LCP/CLS on hide, run first.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') finish();
  };
  const startTimer = () => {
    if (!done && timer === undefined) timer = setTimeout(finish, opts.timeout ?? DEFAULT_TRANSACTION_TIMEOUT);
  };
  const onLoad = () => startTimer();

  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', finish);
  if (document.readyState === 'complete') startTimer();
  else window.addEventListener('load', onLoad);

  return () => {
    done = true;
    cleanup();
  };
}

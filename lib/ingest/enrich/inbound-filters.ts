// Inbound filters (#30): events a project does not want are dropped at ingest, after scrubbing and before the
// quota, and counted on the Stats page as `filtered` with the filter's name. The rules follow Relay's.
import { parseUserAgent, userAgentOf } from '@/lib/envelope/user-agent';
import { z } from 'zod';
import type { ErrorEnvelope, TransactionEnvelope } from '@/lib/envelope/schemas';
import type { SecurityReport } from '@/lib/envelope/security/read-reports';

const MAX_GLOBS = 50;
const glob = z.string().trim().min(1, 'A pattern cannot be empty').max(200, 'A pattern must be at most 200 characters');

export const inboundFiltersSchema = z.object({
  /** Errors raised by browser extensions (their frames, or the messages extensions are known for). */
  browserExtensions: z.boolean(),
  /** Events from pages on localhost, 127.0.0.1 or ::1. */
  localhost: z.boolean(),
  /** Internet Explorer, EdgeHTML, Safari before 12, Opera before 15, Android's old browser, Chrome and Firefox before 60. */
  legacyBrowsers: z.boolean(),
  /** Search engines, crawlers and uptime checkers, by User-Agent. */
  webCrawlers: z.boolean(),
  /** Transactions of health checks (`/health`, `/healthz`, `/ping`, `*heartbeat*`, `*live*`, `*ready*`). */
  healthChecks: z.boolean(),
  /** Errors whose `Type: message` matches one of these (`*` matches anything, case-insensitive). */
  errorMessages: z.array(glob).max(MAX_GLOBS, `At most ${MAX_GLOBS} patterns`),
  /** Events of releases matching one of these. */
  releases: z.array(glob).max(MAX_GLOBS, `At most ${MAX_GLOBS} patterns`),
});
export type InboundFilters = z.infer<typeof inboundFiltersSchema>;
export const updateInboundFiltersSchema = inboundFiltersSchema
  .partial()
  // Spike protection (lib/ingest/admit/spike-protection.ts) is set with the filters: both decide what is dropped at ingest.
  .extend({ spikeProtection: z.boolean().optional() })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update', path: [] });

/** Sentry's defaults: extensions and crawlers filtered, the rest kept. */
export const DEFAULT_FILTERS: InboundFilters = {
  browserExtensions: true,
  localhost: false,
  legacyBrowsers: false,
  webCrawlers: true,
  healthChecks: false,
  errorMessages: [],
  releases: [],
};

/** A project's stored filters (what it never set takes the default). */
export function filtersOf(stored: unknown): InboundFilters {
  const parsed = inboundFiltersSchema.partial().safeParse(stored ?? {});
  return { ...DEFAULT_FILTERS, ...(parsed.success ? parsed.data : {}) };
}

/** The filter reasons counted on the Stats page. */
export type FilterReason =
  | 'browser_extensions'
  | 'localhost'
  | 'legacy_browsers'
  | 'web_crawlers'
  | 'health_check'
  | 'error_message'
  | 'release_version'
  | 'discarded_hash';

const EXTENSION_URL =
  /^(chrome|chrome-extension|moz-extension|safari-extension|safari-web-extension|ms-browser-extension|edge-extension|resource):\/\//i;
// Messages of errors browser extensions and injected scripts are known for (Relay's list, trimmed).
const EXTENSION_MESSAGE =
  /top\.GLOBALS|originalCreateNotification|canvas\.contentDocument|MyApp_RemoveAllHighlights|tt\.epicplay\.com|Can't find variable: ZiteReader|jigsaw is not defined|ComboSearch is not defined|loading\.retry\.widdit\.com|atomicFindClose|fb_xd_fragment|bmi_SafeAddOnload|EBCallBackMessageReceived|conduitPage|plugin\.setSuspendState is not a function|Extension context invalidated|webkit-masked-url:/i;
const CRAWLER =
  /Mediapartners-Google|AdsBot-Google|Googlebot|FeedFetcher-Google|BingBot|BingPreview|Baiduspider|Slurp|Sogou|facebook|ia_archiver|bots?[/\s);]|spider[/\s);]|Slack|Calypso AppEngine|pingdom|lyticsbot|AWS Security Scanner|HubSpot Crawler|Bytespider|Better Uptime|Cloudflare-Healthchecks|GTmetrix|BrightEdge|ELB-HealthChecker|naver\.me\/spd|Yeti|Amazonbot|Applebot|DuckDuckBot|YandexBot|PetalBot|AhrefsBot|SemrushBot|MJ12bot|UptimeRobot/i;
const HEALTH_CHECK = [
  /healthcheck/i,
  /healthy/i,
  /heartbeat/i,
  /(^|[^a-z])live(ness)?($|[^a-z])/i,
  /(^|[^a-z])ready($|[^a-z])|readiness/i,
  /\/health(z)?\/?$/i,
  /\/ping\/?$/i,
];
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

/** `*` matches any text; everything else literally, case-insensitive, the whole string. */
export function globMatches(pattern: string, text: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'is',
  );
  return re.test(text);
}

function isLegacyBrowser(ua: string): boolean {
  const { browserName, browserMajor: major } = parseUserAgent(ua);
  const name = browserName ?? '';
  if (name === 'IE' || name === 'IEMobile') return true;
  if (name === 'Edge' && major < 79) return true;
  if (Number.isNaN(major)) return false;
  if ((name === 'Safari' || name === 'Mobile Safari') && major < 12) return true;
  if (name === 'Opera' && major < 15) return true;
  if (name === 'Opera Mini' && major < 8) return true;
  if (name === 'Android Browser' && major < 4) return true;
  if ((name === 'Chrome' || name === 'Firefox') && major < 60) return true;
  return false;
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

type Common = {
  release?: string;
  request?: { url?: string; headers?: Record<string, string> };
  user?: { ip_address?: string };
};

function commonReason(f: InboundFilters, env: Common): FilterReason | null {
  if (f.releases.length > 0 && env.release && f.releases.some((g) => globMatches(g, env.release!)))
    return 'release_version';
  if (f.localhost) {
    const host = hostOf(env.request?.url);
    if ((host && LOCAL_HOSTS.has(host)) || (env.user?.ip_address && ['127.0.0.1', '::1'].includes(env.user.ip_address)))
      return 'localhost';
  }
  const ua = userAgentOf(env.request);
  if (ua) {
    if (f.webCrawlers && CRAWLER.test(ua)) return 'web_crawlers';
    if (f.legacyBrowsers && isLegacyBrowser(ua)) return 'legacy_browsers';
  }
  return null;
}

/** Why an error event is dropped, or null to keep it. */
export function errorFilterReason(f: InboundFilters, env: ErrorEnvelope): FilterReason | null {
  const exc = env.exception;
  if (f.browserExtensions) {
    const top = exc.stacktrace.frames[0];
    if (top && (EXTENSION_URL.test(top.abs_path ?? '') || EXTENSION_URL.test(top.filename)))
      return 'browser_extensions';
    if (EXTENSION_MESSAGE.test(exc.value)) return 'browser_extensions';
  }
  if (f.errorMessages.length > 0) {
    const texts = [`${exc.type}: ${exc.value}`, exc.value];
    if (f.errorMessages.some((g) => texts.some((t) => globMatches(g, t)))) return 'error_message';
  }
  return commonReason(f, env as Common);
}

// What browser extensions and injected toolbars make a page's policy block (Sentry's default ignored CSP sources:
// extension and browser-internal schemes); a site's own violations never come from these.
const EXTENSION_SOURCE =
  /^(?:about(?::|$)|(?:chrome|chrome-extension|chromeinvoke|chromenull|moz-extension|safari-extension|safari-web-extension|ms-browser-extension|edge-extension|resource|mxaddon-pkg|jar|webviewprogressproxy|tmtbff|mbinit|symres):|data:text\/html,chromewebdata)/i;

/** Why a browser security report is dropped before it is read as an event, or null. */
export function securityFilterReason(f: InboundFilters, security: SecurityReport): FilterReason | null {
  if (!f.browserExtensions || security.type !== 'csp') return null;
  const { blocked_uri: blocked, source_file: source } = security.report;
  for (const uri of [blocked, source])
    if (typeof uri === 'string' && EXTENSION_SOURCE.test(uri)) return 'browser_extensions';
  return null;
}

/** Why a transaction is dropped, or null to keep it. */
export function transactionFilterReason(f: InboundFilters, env: TransactionEnvelope): FilterReason | null {
  if (f.healthChecks && HEALTH_CHECK.some((re) => re.test(env.name))) return 'health_check';
  return commonReason(f, env as Common);
}

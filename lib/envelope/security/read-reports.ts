// Browser security reports (#58), the bodies Sentry, GlitchTip and Bugsink accept at `/api/<project>/security/`: a
// CSP level 2 report (`application/csp-report`), a Reporting API list (`application/reports+json`, each report
// `{type: "csp-violation", age, url, user_agent, body}`; one such report alone is read too), Expect-CT, Expect-Staple
// and HPKP reports. Each report becomes a Sentry event (a message, its culprit, tags, request and fingerprint) that the
// events kind maps, validates and stores like any other; the report's own fields go beside it for the event page.
import type { FieldIssue } from '@/lib/errors';
import { isObject, type JsonObject } from '@/lib/envelope/parse-envelope';
import { readCertificateReport, type CertificateType } from './certificates';
import { readCsp } from './csp';
import { MAX_TEXT, type ReportRead } from './fields';
import { cut } from '@/lib/envelope/schemas';

type Path = (string | number)[];

export type SecurityReportType = 'csp' | CertificateType;
/** A report's own fields (snake_case, as Sentry's `csp`, `expectct` and `hpkp` interfaces name them). */
export type SecurityReport = { type: SecurityReportType; report: JsonObject };
/** One report read: the Sentry event it becomes, and the report kept beside it. */
export type ReadReport = { path: Path; event: JsonObject; security: SecurityReport };

export type ReadReports =
  | {
      ok: true;
      reports: ReadReport[];
      /** Each refused report's problems (one report may have several). */
      refused: FieldIssue[][];
      /** Reporting API reports of another type (`deprecation`, `intervention`…): not security reports. */
      unsupported: number;
    }
  /** The body as a whole is no report (not JSON, another shape, an empty list). */
  | { ok: false; issues: FieldIssue[] };

/** What the request says beside its body: the browser's User-Agent and the query's `sentry_environment`/`sentry_release`. */
export type ReportContext = { userAgent?: string; environment?: string; release?: string };

/** Reports read of one body; the rest are refused, each counted. */
export const MAX_REPORTS = 100;

// The media types browsers send reports as (Relay's list, and the Reporting API's); parameters are ignored.
export const SECURITY_CONTENT_TYPES = [
  'application/csp-report',
  'application/reports+json',
  'application/json',
  'application/expect-ct-report',
  'application/expect-ct-report+json',
  'application/expect-staple-report',
] as const;

/** Whether a Content-Type header names a security report's media type. */
export function isSecurityContentType(header: string | undefined): boolean {
  const type = header?.split(';', 1)[0].trim().toLowerCase() ?? '';
  return (SECURITY_CONTENT_TYPES as readonly string[]).includes(type);
}

export const UNKNOWN_SHAPE =
  'Not a security report: expected {"csp-report": {…}}, a Reporting API list of reports, {"expect-ct-report": {…}}, ' +
  '{"expect-staple-report": {…}} or an HPKP report';

type Read = ReportRead & { type: SecurityReportType };

/** The Sentry event a report becomes (lib/envelope/sentry/map-event.ts maps it like an SDK's). */
function eventOf(read: Read, ctx: ReportContext, userAgent: string | undefined): JsonObject {
  const headers: Record<string, string> = {};
  if (userAgent) headers['User-Agent'] = userAgent;
  if (read.referrer) headers.Referer = read.referrer;
  const request: JsonObject = {};
  if (read.documentUri) request.url = read.documentUri;
  if (Object.keys(headers).length > 0) request.headers = headers;
  const event: JsonObject = {
    logentry: { formatted: read.message },
    culprit: read.culprit,
    level: 'error',
    tags: read.tags,
    fingerprint: read.fingerprint,
    // Sentry keeps the sender's address for a security report, unless the project drops IP addresses.
    user: { ip_address: '{{auto}}' },
  };
  if (Object.keys(request).length > 0) event.request = request;
  if (ctx.environment) event.environment = ctx.environment;
  if (ctx.release) event.release = ctx.release;
  return event;
}

type One = { read: Read; userAgent?: string } | FieldIssue[] | 'unsupported';

const objectAt = (v: unknown, path: Path): JsonObject | FieldIssue[] =>
  isObject(v) ? v : [{ path, message: 'Must be an object' }];

/** A Reporting API report: `csp-violation` is read; any other type is not a security report. */
function reportingReport(raw: JsonObject, path: Path): One {
  if (typeof raw.type !== 'string') return [{ path: [...path, 'type'], message: 'Must be a string' }];
  if (raw.type !== 'csp-violation') return 'unsupported';
  const body = objectAt(raw.body, [...path, 'body']);
  if (!isObject(body)) return body;
  const csp = readCsp(body, [...path, 'body']);
  if (Array.isArray(csp)) return csp;
  // The report's own URL is the document's when the body does not say.
  const url = typeof raw.url === 'string' && raw.url !== '' ? cut(raw.url, MAX_TEXT) : undefined;
  return {
    read: { type: 'csp', ...csp, documentUri: csp.documentUri ?? url },
    userAgent: typeof raw.user_agent === 'string' && raw.user_agent !== '' ? cut(raw.user_agent, MAX_TEXT) : undefined,
  };
}

/** One object of the body: which report it is, read. */
function objectReport(raw: JsonObject): One {
  if (Object.hasOwn(raw, 'csp-report')) {
    const inner = objectAt(raw['csp-report'], ['csp-report']);
    if (!isObject(inner)) return inner;
    const csp = readCsp(inner, ['csp-report']);
    return Array.isArray(csp) ? csp : { read: { type: 'csp', ...csp } };
  }
  for (const [key, type] of [
    ['expect-ct-report', 'expect-ct'],
    ['expect-staple-report', 'expect-staple'],
  ] as const) {
    if (!Object.hasOwn(raw, key)) continue;
    const inner = objectAt(raw[key], [key]);
    if (!isObject(inner)) return inner;
    const r = readCertificateReport(type, inner, [key]);
    return Array.isArray(r) ? r : { read: { type, ...r } };
  }
  if (Object.hasOwn(raw, 'known-pins')) {
    const r = readCertificateReport('hpkp', raw, []);
    return Array.isArray(r) ? r : { read: { type: 'hpkp', ...r } };
  }
  if (Object.hasOwn(raw, 'type') && Object.hasOwn(raw, 'body')) return reportingReport(raw, []);
  return [{ path: [], message: UNKNOWN_SHAPE }];
}

/** The reports of a body (already decoded), each read on its own: one refused does not refuse its siblings. */
export function readSecurityReports(body: Buffer, ctx: ReportContext = {}): ReadReports {
  const text = body.toString('utf8');
  if (text.trim() === '') return { ok: false, issues: [{ path: [], message: 'Body is empty' }] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, issues: [{ path: [], message: 'Body must be JSON' }] };
  }
  const out = { ok: true as const, reports: [] as ReadReport[], refused: [] as FieldIssue[][], unsupported: 0 };
  const take = (one: One, path: Path) => {
    if (one === 'unsupported') out.unsupported++;
    else if (Array.isArray(one)) out.refused.push(one);
    else
      out.reports.push({
        path,
        event: eventOf(one.read, ctx, one.userAgent ?? ctx.userAgent),
        security: { type: one.read.type, report: one.read.report },
      });
  };
  if (Array.isArray(json)) {
    if (json.length === 0) return { ok: false, issues: [{ path: [], message: 'Body holds no report' }] };
    json.forEach((raw, i) => {
      if (i >= MAX_REPORTS) take([{ path: [i], message: `At most ${MAX_REPORTS} reports a request` }], [i]);
      else if (!isObject(raw)) take([{ path: [i], message: 'Must be a report object' }], [i]);
      else take(reportingReport(raw, [i]), [i]);
    });
    return out;
  }
  if (!isObject(json)) return { ok: false, issues: [{ path: [], message: UNKNOWN_SHAPE }] };
  const one = objectReport(json);
  // A lone object of no known shape is no report at all: the body is refused, not one report of it.
  if (Array.isArray(one) && one.length === 1 && one[0].message === UNKNOWN_SHAPE) return { ok: false, issues: one };
  take(one, []);
  return out;
}

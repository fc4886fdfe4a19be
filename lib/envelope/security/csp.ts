// A Content-Security-Policy violation (CSP level 2 `{"csp-report": …}` or the Reporting API's `csp-violation` body)
// read as Sentry's Relay reads it (relay-event-schema security_report.rs): its message ("Blocked 'script' from
// 'evil.example.com'"), culprit (the violated directive), tags (effective-directive, blocked-uri, blocked-host) and
// the parts Sentry groups it by (csp:v1: the directive, then the blocked URI's host, or the kind of local violation).
import type { FieldIssue } from '@/lib/errors';
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import { MAX_TAG_LENGTH, cut } from '@/lib/envelope/schemas';
import { readFields, textField, type FieldSpec, type ReportRead } from './fields';

const CSP_FIELDS: readonly FieldSpec[] = [
  {
    out: 'effective_directive',
    names: ['effective-directive', 'effectiveDirective', 'effective_directive'],
    kind: 'text',
  },
  { out: 'violated_directive', names: ['violated-directive', 'violatedDirective', 'violated_directive'], kind: 'text' },
  { out: 'blocked_uri', names: ['blocked-uri', 'blockedURL', 'blockedURI', 'blocked_uri'], kind: 'text' },
  { out: 'document_uri', names: ['document-uri', 'documentURL', 'documentURI', 'document_uri'], kind: 'text' },
  { out: 'original_policy', names: ['original-policy', 'originalPolicy', 'original_policy'], kind: 'long' },
  { out: 'referrer', names: ['referrer'], kind: 'text' },
  { out: 'status_code', names: ['status-code', 'statusCode', 'status_code'], kind: 'uint' },
  { out: 'source_file', names: ['source-file', 'sourceFile', 'source_file'], kind: 'text' },
  { out: 'line_number', names: ['line-number', 'lineNumber', 'line_number'], kind: 'uint' },
  { out: 'column_number', names: ['column-number', 'columnNumber', 'column_number'], kind: 'uint' },
  { out: 'script_sample', names: ['script-sample', 'scriptSample', 'sample', 'script_sample'], kind: 'text' },
  { out: 'disposition', names: ['disposition'], kind: 'text' },
];

// A directive's name (`script-src-elem`, `require-trusted-types-for`): one a browser may add tomorrow is read too.
const DIRECTIVE = /^[a-z][a-z0-9-]{0,63}$/;

const isLocal = (uri: string) => uri === '' || uri === 'self' || uri === "'self'";

// CSP3's blocked-URI keywords for what is not a resource: inline code, eval() and WebAssembly compilation.
const MARKERS: Record<string, string> = { inline: 'inline', eval: 'eval', 'wasm-eval': 'wasm-eval' };

// Python's urlunsplit writes `scheme://` for these even without a host (Relay mimics it, and so do we).
const NETLOC_SCHEMES = new Set(
  'ftp http gopher nntp telnet imap wais file mms https shttp snews prospero rtsp rtspu rsync svn svn+ssh sftp nfs git git+ssh ws wss'.split(
    ' ',
  ),
);
function unsplit(scheme: string, host: string): string {
  if (host !== '' || NETLOC_SCHEMES.has(scheme)) return `${scheme}://${host}`;
  return scheme === '' ? '' : `${scheme}:${host}`;
}

/** A blocked URI as Sentry names it: `'self'`, the host (and port) of a web URL, else `scheme://host` or `scheme:`. */
export function normalizeUri(value: string): string {
  if (isLocal(value)) return "'self'";
  if (!value.includes(':')) return unsplit(value, '');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  const scheme = url.protocol.slice(0, -1);
  const host = url.hostname;
  const named = scheme === 'http' || scheme === 'https' ? host : unsplit(scheme, host);
  return url.port === '' ? named : `${named}:${url.port}`;
}

/** What kind of thing each directive blocks, in the words of Sentry's titles. */
const KIND: Record<string, string> = {
  'child-src': 'child',
  'connect-src': 'connect',
  'font-src': 'font',
  'img-src': 'image',
  'manifest-src': 'manifest',
  'media-src': 'media',
  'object-src': 'object',
  'script-src': 'script',
  'script-src-elem': 'script',
  'style-src': 'style',
  'style-src-elem': 'style',
};

const LOCAL_MESSAGES: Record<string, string> = {
  'script-src': "Blocked unsafe (eval() or inline) 'script'",
  'script-src-elem': "Blocked unsafe 'script' element",
  'script-src-attr': 'Blocked inline script attribute',
  'style-src': "Blocked inline 'style'",
  'style-src-elem': "Blocked 'style' or 'link' element",
  'style-src-attr': 'Blocked style attribute',
};

function message(directive: string, blocked: string): string {
  const marker = MARKERS[blocked];
  const isScript = directive.startsWith('script-src');
  if (marker === 'inline') {
    if (isScript) return "Blocked unsafe inline 'script'";
    if (directive.startsWith('style-src')) return "Blocked inline 'style'";
  }
  if (marker === 'eval') return "Blocked unsafe eval() 'script'";
  if (marker === 'wasm-eval') return "Blocked unsafe WebAssembly eval() 'script'";
  if (marker || isLocal(blocked)) {
    if (LOCAL_MESSAGES[directive]) return LOCAL_MESSAGES[directive];
    return `Blocked inline '${KIND[directive] ?? directive}'`;
  }
  const uri = normalizeUri(blocked);
  if (directive === 'form-action') return `Blocked 'form' action to '${uri}'`;
  if (directive === 'script-src-attr') return `Blocked inline script attribute from '${uri}'`;
  if (directive === 'style-src-attr') return `Blocked style attribute from '${uri}'`;
  return `Blocked '${KIND[directive] ?? directive}' from '${uri}'`;
}

/** The directive of a `violated-directive`/`effective-directive` value (`style-src cdn.example.com` → `style-src`). */
function directiveOf(value: string | undefined): string | null {
  const first = value?.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? '';
  return DIRECTIVE.test(first) ? first : null;
}

/** The violated directive with the document's own origin written `'self'`, as Relay's culprit reads. */
function culprit(violated: string, documentUri: string | undefined): string {
  const [first, ...sources] = violated.trim().split(/\s+/);
  const document = normalizeUri(documentUri ?? '');
  const scheme = documentUri?.split(':', 1)[0];
  const parts = sources.map((s) => {
    if (["'none'", "'self'", "'unsafe-inline'", "'unsafe-eval'"].includes(s)) return s;
    if (/^(data|mediastream|blob|filesystem|http|https|file):/.test(s))
      return document === normalizeUri(s) ? "'self'" : s;
    if (s === document) return "'self'";
    return !scheme || scheme === 'http' || scheme === 'https' || !documentUri?.includes(':') ? s : unsplit(scheme, s);
  });
  return [first, ...parts].join(' ');
}

/** What Sentry groups a violation by besides its directive: the kind of local violation, else the blocked URI. */
function groupPart(directive: string, blocked: string, violated: string): string {
  const marker = MARKERS[blocked];
  if (marker) return `'${marker}'`;
  if (directive === 'script-src' && isLocal(blocked) && violated !== '') {
    if (violated.includes("'unsafe-inline'")) return "'unsafe-inline'";
    if (violated.includes("'unsafe-eval'")) return "'unsafe-eval'";
  }
  return normalizeUri(blocked);
}

/** A URI without its query string and fragment, for a tag: a token in a query string is no facet. */
const withoutQuery = (uri: string) => uri.replace(/[?#].*$/s, '');

/** A CSP violation's fields (`raw`, found at `path`), or why it cannot be read. */
export function readCsp(raw: JsonObject, path: (string | number)[]): ReportRead | FieldIssue[] {
  const { fields, issues } = readFields(raw, CSP_FIELDS, path);
  if (issues.length > 0) return issues;
  const violated = textField(fields, 'violated_directive') ?? '';
  // Firefox sends no effective-directive: the violated one's first word is it.
  const directive = directiveOf(textField(fields, 'effective_directive')) ?? directiveOf(violated);
  if (!directive) {
    const name = Object.hasOwn(raw, 'effectiveDirective') ? 'effectiveDirective' : 'effective-directive';
    return [{ path: [...path, name], message: 'A CSP report must name its effective or violated directive' }];
  }
  const blocked = textField(fields, 'blocked_uri') ?? 'self';
  const report: JsonObject = { ...fields, effective_directive: directive, blocked_uri: blocked };
  const tags: Record<string, string> = {
    'effective-directive': directive,
    'blocked-uri': cut(withoutQuery(blocked), MAX_TAG_LENGTH),
  };
  try {
    const url = new URL(blocked);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname)
      tags['blocked-host'] = cut(url.hostname, MAX_TAG_LENGTH);
  } catch {
    // Not a URL (`inline`, `eval`, `self`): no host.
  }
  const documentUri = textField(fields, 'document_uri');
  return {
    report,
    message: message(directive, blocked),
    culprit: violated.trim() === '' ? directive : culprit(violated, documentUri),
    fingerprint: ['csp', directive, groupPart(directive, blocked, violated)],
    tags,
    documentUri,
    referrer: textField(fields, 'referrer'),
  };
}

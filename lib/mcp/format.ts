// Compact text a model reads well, from the JSON Sentry's API answers (lib/sentry-api): an issue in a line or a
// block, an event's exception with its stack trace (outermost first, the throw site last, as Sentry shows it) and
// the source lines around each in-app frame, its breadcrumbs and tags. Pure: no I/O.
import { env } from '@/lib/env';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
/** A value on one line: a line break inside a tag or breadcrumb would read as the next entry. */
const line = (v: unknown): string => str(v).replace(/\s+/g, ' ').trim();

/** At most this many frames of one stack trace are shown (the innermost ones); the rest are counted. */
const MAX_FRAMES = 30;
/** Source context is shown for this many of the innermost in-app frames. */
const CONTEXT_FRAMES = 3;
const MAX_BREADCRUMBS = 20;

export const dashboardUrl = (path: string) => `${env.appUrl}${path}`;

function assignee(a: unknown): string {
  if (!isObject(a)) return 'unassigned';
  return `${str(a.type)} ${str(a.name) || str(a.email) || str(a.id)}`;
}

/** One line of an issue list: short id, title, where, how often, since when, its link. */
export function issueLine(i: Json): string {
  const project = isObject(i.project) ? str(i.project.slug) : '';
  return [
    `- ${str(i.shortId)} [${str(i.level)}, ${str(i.status)}] ${str(i.title)}`,
    `  ${i.culprit ? `in ${str(i.culprit)} · ` : ''}project ${project} · ${str(i.count)} events, ${str(i.userCount)} users · first seen ${str(i.firstSeen)} · last seen ${str(i.lastSeen)} · ${assignee(i.assignedTo)}`,
    `  ${str(i.permalink)}`,
  ].join('\n');
}

/** An issue's header block (get_issue). */
export function issueBlock(i: Json): string {
  const rel = (r: unknown) => (isObject(r) ? str(r.version) : 'none');
  return [
    `# ${str(i.shortId)}: ${str(i.title)}`,
    `Status: ${str(i.status)}${i.substatus ? ` (${str(i.substatus)})` : ''} · level ${str(i.level)} · ${assignee(i.assignedTo)}`,
    `Culprit: ${str(i.culprit) || '—'}`,
    `Project: ${isObject(i.project) ? str(i.project.slug) : ''} · ${str(i.count)} events · ${str(i.userCount)} users`,
    `First seen ${str(i.firstSeen)} (release ${rel(i.firstRelease)}) · last seen ${str(i.lastSeen)} (release ${rel(i.lastRelease)})`,
    `Link: ${str(i.permalink)}`,
  ].join('\n');
}

function frameLine(f: Json): string {
  const where = str(f.filename) || str(f.absPath) || str(f.module) || '?';
  const at = f.lineNo ? `:${str(f.lineNo)}${f.colNo ? `:${str(f.colNo)}` : ''}` : '';
  return `  at ${str(f.function) || '<anonymous>'} (${where}${at})${f.inApp === true ? ' [in app]' : ''}`;
}

function contextLines(f: Json): string[] {
  if (!Array.isArray(f.context)) return [];
  return (f.context as [number, string][]).map(
    ([n, line]) => `    ${n === f.lineNo ? '>' : ' '} ${String(n).padStart(4)} | ${line}`,
  );
}

/** A stack trace, outermost frame first and the throw site last; source lines under the innermost in-app frames. */
export function stacktraceText(frames: Json[]): string[] {
  const shown = frames.slice(-MAX_FRAMES);
  const out = frames.length > shown.length ? [`  … ${frames.length - shown.length} outer frames omitted`] : [];
  const withContext = new Set(
    shown
      .map((f, i) => ({ f, i }))
      .filter(({ f }) => f.inApp === true)
      .slice(-CONTEXT_FRAMES)
      .map(({ i }) => i),
  );
  // No in-app frame at all: the throw site's context is still the most useful line to see.
  if (withContext.size === 0 && shown.length > 0) withContext.add(shown.length - 1);
  shown.forEach((f, i) => {
    out.push(frameLine(f));
    if (withContext.has(i)) out.push(...contextLines(f));
  });
  return out;
}

function entry(e: Json, type: string): Json | null {
  const list = Array.isArray(e.entries) ? (e.entries as Json[]) : [];
  const found = list.find((x) => x.type === type);
  return found && isObject(found.data) ? found.data : null;
}

function exceptionText(e: Json): string[] {
  const data = entry(e, 'exception');
  const values = data && Array.isArray(data.values) ? (data.values as Json[]) : [];
  const out: string[] = [];
  // Sentry lists the chain cause first; the exception thrown is the last one.
  values.forEach((v, i) => {
    out.push(`${i > 0 ? 'Which caused: ' : ''}${str(v.type)}: ${str(v.value)}`);
    const st = isObject(v.stacktrace) && Array.isArray(v.stacktrace.frames) ? (v.stacktrace.frames as Json[]) : [];
    if (st.length) out.push('Stack trace (most recent call last):', ...stacktraceText(st));
    const mech = isObject(v.mechanism) ? v.mechanism : null;
    if (mech) out.push(`Mechanism: ${str(mech.type)}${mech.handled === false ? ' (unhandled)' : ''}`);
  });
  const message = entry(e, 'message');
  if (out.length === 0 && message) out.push(`Message: ${str(message.formatted)}`);
  const bare = entry(e, 'stacktrace');
  if (bare && Array.isArray(bare.frames))
    out.push('Stack trace (most recent call last):', ...stacktraceText(bare.frames as Json[]));
  return out;
}

function breadcrumbsText(e: Json): string[] {
  const data = entry(e, 'breadcrumbs');
  const values = data && Array.isArray(data.values) ? (data.values as Json[]) : [];
  if (values.length === 0) return [];
  const shown = values.slice(-MAX_BREADCRUMBS);
  return [
    `## Breadcrumbs (oldest first${values.length > shown.length ? `, last ${shown.length} of ${values.length}` : ''})`,
    ...shown.map(
      (b) =>
        `- ${str(b.timestamp)} [${str(b.level)}] ${str(b.category) || str(b.type)}: ${line(b.message) || (b.data ? JSON.stringify(b.data) : '')}`,
    ),
  ];
}

function requestText(e: Json): string[] {
  const r = entry(e, 'request');
  return r ? [`Request: ${str(r.method)} ${str(r.url)}`] : [];
}

/** An event: its ids and time, exception and stack trace, request, tags and breadcrumbs, with its link. */
export function eventText(e: Json, link: string | null): string {
  const tags = Array.isArray(e.tags) ? (e.tags as Json[]) : [];
  const user = isObject(e.user) ? str(e.user.email) || str(e.user.id) || str(e.user.username) : '';
  const trace = isObject(e.contexts) && isObject(e.contexts.trace) ? str(e.contexts.trace.trace_id) : '';
  return [
    `## Event ${str(e.eventID)} · ${str(e.dateCreated)}`,
    `Title: ${str(e.title)}`,
    ...(user ? [`User: ${user}`] : []),
    ...(trace ? [`Trace: ${trace} (${dashboardUrl(`/traces/${trace}`)})`] : []),
    ...(link ? [`Link: ${link}`] : []),
    ...requestText(e),
    '',
    ...exceptionText(e),
    '',
    `## Tags`,
    tags.map((t) => `${line(t.key)}=${line(t.value)}`).join(', ') || '(none)',
    '',
    ...breadcrumbsText(e),
  ]
    .join('\n')
    .trimEnd();
}

/** Rows of a dataset (search_events, search_spans, search_logs) as one line each, the fields in order. */
export function rowsText(rows: Json[], fields: string[]): string {
  if (rows.length === 0) return 'No results.';
  return rows.map((r) => `- ${fields.map((f) => `${f}=${r[f] === null ? '—' : line(r[f])}`).join(' · ')}`).join('\n');
}

// Reading the fields of a browser security report (./read-reports.ts): each under any of the names browsers and
// Relay use for it (`blocked-uri`, `blockedURL`, `blocked_uri`), stored under one snake_case name. A field of the
// wrong type is named in the refusal; long values are cut; NUL and lone surrogates (which PostgreSQL cannot store)
// become U+FFFD. Fields no reader names are kept when they are scalars, a few of them, as Relay keeps `other`.
import type { FieldIssue } from '@/lib/errors';
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import { storableString } from '@/lib/envelope/prepare-json';
import { cut } from '@/lib/envelope/schemas';

type Path = (string | number)[];

/** Characters kept of a URL, a directive or a date. */
export const MAX_TEXT = 2048;
/** Characters kept of a policy or a certificate. */
export const MAX_LONG_TEXT = 8192;
/** Entries kept of a list (certificate chains, pins, SCTs), and unnamed fields kept. */
export const MAX_LIST = 20;

type Kind = 'text' | 'long' | 'uint' | 'bool' | 'texts' | 'objects';
export type FieldSpec = { out: string; names: readonly string[]; kind: Kind };

const MESSAGES: Record<Kind, string> = {
  text: 'Must be a string',
  long: 'Must be a string',
  uint: 'Must be a non-negative integer',
  bool: 'Must be a boolean',
  texts: 'Must be an array of strings',
  objects: 'Must be an array of objects',
};

const text = (v: string, max: number) => cut(storableString(v), max);

function scalarOf(v: unknown): string | number | boolean | null | undefined {
  if (typeof v === 'string') return text(v, MAX_TEXT);
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'boolean' || v === null) return v;
  return undefined;
}

/** One value of `kind`, or undefined when it is not one. Numbers may come as numeric strings, as Relay reads them. */
function valueOf(kind: Kind, v: unknown): unknown {
  switch (kind) {
    case 'text':
    case 'long':
      return typeof v === 'string' ? text(v, kind === 'long' ? MAX_LONG_TEXT : MAX_TEXT) : undefined;
    case 'uint': {
      const n = typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v;
      return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
    }
    case 'bool':
      return typeof v === 'boolean' ? v : undefined;
    case 'texts':
      return Array.isArray(v) && v.every((s) => typeof s === 'string')
        ? v.slice(0, MAX_LIST).map((s: string) => text(s, MAX_LONG_TEXT))
        : undefined;
    case 'objects': {
      if (!Array.isArray(v) || !v.every((o) => typeof o === 'object' && o !== null && !Array.isArray(o)))
        return undefined;
      return v.slice(0, MAX_LIST).map((o: JsonObject) => {
        const out: JsonObject = {};
        for (const [k, x] of Object.entries(o).slice(0, MAX_LIST)) {
          const s = scalarOf(x);
          if (s !== undefined) out[text(k, MAX_TEXT)] = s;
        }
        return out;
      });
    }
  }
}

/**
 * The fields `specs` names, read from `raw` (null counts as absent), and the rest of its scalar fields (at most
 * MAX_LIST); a field of the wrong type is an issue at `path` + the name it was sent under.
 */
export function readFields(raw: JsonObject, specs: readonly FieldSpec[], path: Path) {
  const fields: JsonObject = {};
  const issues: FieldIssue[] = [];
  const named = new Set<string>();
  for (const spec of specs) {
    for (const name of spec.names) {
      if (!Object.hasOwn(raw, name)) continue;
      named.add(name);
      const v = raw[name];
      if (v === null || v === undefined || Object.hasOwn(fields, spec.out)) continue;
      const read = valueOf(spec.kind, v);
      if (read === undefined) issues.push({ path: [...path, name], message: MESSAGES[spec.kind] });
      else fields[spec.out] = read;
    }
  }
  let others = 0;
  for (const [k, v] of Object.entries(raw)) {
    if (named.has(k) || others >= MAX_LIST) continue;
    const s = scalarOf(v);
    if (s === undefined || s === null) continue;
    const key = text(k, MAX_TEXT);
    if (Object.hasOwn(fields, key)) continue;
    fields[key] = s;
    others++;
  }
  return { fields, issues };
}

/** What a reader makes of one report: the Sentry event's message, culprit, fingerprint and tags, and the report's fields. */
export type ReportRead = {
  report: JsonObject;
  message: string;
  culprit: string;
  fingerprint: string[];
  tags: Record<string, string>;
  /** The page the report is about (the event's request URL). */
  documentUri?: string;
  referrer?: string;
};

/** A string field of what readFields read, or undefined. */
export const textField = (fields: JsonObject, name: string): string | undefined =>
  typeof fields[name] === 'string' ? (fields[name] as string) : undefined;

import crypto from 'node:crypto';
import { normaliseMessage } from '@/lib/envelope/message';

export type GroupingFrame = {
  filename: string;
  lineno: number;
  colno?: number;
  function?: string;
  in_app?: boolean;
  context_line?: string;
  platform?: string;
};

export type GroupingException = { type: string; value: string; frames: GroupingFrame[] };

export const DEFAULT_FINGERPRINT_MARKER = '{{ default }}';
const TITLE_MAX = 200;

function sha256(text: string): string {
  // The one-shot digest (#51): no Hash object per event.
  return crypto.hash('sha256', text, 'hex');
}

// A dot- or dash-separated token of 8+ characters that looks like a build hash (hex, or mixed letters and digits).
function isContentHash(token: string): boolean {
  return /^[0-9a-f]{8,}$/i.test(token) || (/\d/.test(token) && /[A-Za-z]/.test(token));
}

/**
 * Drops scheme, host, query string and fragment, and content-hash tokens of the file name
 * (`main.3f9a1c2b.js` → `main.js`, `chunk-AB12CD34.js` → `chunk.js`), so a redeploy keeps the grouping.
 */
export function normalizeFilename(filename: string): string {
  // A project's frames name the same few files over and over: each is normalised once (#51).
  if (filename.length > MAX_CACHED_LENGTH) return normalizeUncached(filename);
  let hit = normalized.get(filename);
  if (hit === undefined) {
    hit = normalizeUncached(filename);
    if (normalized.size >= MAX_NORMALIZED) normalized.clear();
    normalized.set(filename, hit);
  }
  return hit;
}

const MAX_NORMALIZED = 10_000;
const MAX_CACHED_LENGTH = 500;
const normalized = new Map<string, string>();

function normalizeUncached(filename: string): string {
  let f = filename.trim();
  f = f.replace(/[?#].*$/s, '');
  f = f.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const slash = f.lastIndexOf('/');
  const dir = f.slice(0, slash + 1);
  const base = f
    .slice(slash + 1)
    .replace(/[.-]([A-Za-z0-9_]{8,})(?=\.)/g, (whole, token: string) => (isContentHash(token) ? '' : whole));
  return dir + base;
}

/** The contract's key of one frame: its normalised file and function (line and column only without a function). */
function contractFrameKey(f: GroupingFrame): unknown[] {
  return f.function
    ? [normalizeFilename(f.filename), f.function]
    : [normalizeFilename(f.filename), f.lineno, f.colno ?? null];
}

/** The contract's default: SHA-256 of the exception type and each frame's contract key. */
export function defaultFingerprint(exception: { type: string; frames: GroupingFrame[] }): string {
  return sha256(JSON.stringify([exception.type, exception.frames.map(contractFrameKey)]));
}

/**
 * Sentry events: when any frame is the application's own (`in_app`), only those take part, so a library
 * upgrade does not split issues; otherwise the contract's default.
 */
export function inAppFingerprint(exception: { type: string; frames: GroupingFrame[] }): string {
  const own = exception.frames.filter((f) => f.in_app === true);
  return defaultFingerprint(own.length > 0 ? { type: exception.type, frames: own } : exception);
}

const JAVASCRIPT_PLATFORMS = new Set(['javascript', 'node']);

/** A source line as grouping reads it: trimmed, inner whitespace collapsed, at most 200 characters. */
function sourceLine(line: string): string {
  return line.trim().replace(/\s+/g, ' ').slice(0, 200);
}

/**
 * Version 2's key of one frame: for a non-JavaScript platform with the source line sent (Python, Ruby, Go, Java…),
 * file, function and that line, as Sentry groups them (a line added above the throw does not split the issue);
 * otherwise the contract's key.
 */
function frameKeyV2(f: GroupingFrame, eventPlatform: string | undefined): unknown[] {
  const platform = f.platform ?? eventPlatform;
  const line = f.context_line ? sourceLine(f.context_line) : '';
  if (line !== '' && platform !== undefined && !JAVASCRIPT_PLATFORMS.has(platform))
    return [normalizeFilename(f.filename), f.function ?? null, line];
  return contractFrameKey(f);
}

const ownFrames = (frames: GroupingFrame[]) =>
  frames.some((f) => f.in_app === true) ? frames.filter((f) => f.in_app === true) : frames;

/** Version 2 of inAppFingerprint: the same frames, each keyed by frameKeyV2. */
export function inAppFingerprintV2(
  exception: { type: string; frames: GroupingFrame[] },
  platform: string | undefined,
): string {
  return sha256(
    JSON.stringify(['v2', exception.type, ownFrames(exception.frames).map((f) => frameKeyV2(f, platform))]),
  );
}

/**
 * Versions 2 and 3: a message sent with a stack (sentry-ruby attaches the thread's, @sentry/node a synthetic
 * exception): its template, logger and in-app frames, so the same message from the same place is one issue and two
 * messages from one method are two. Version 3 keys the frames by the contract's key: a message has no throw to pin,
 * and its callers' source lines (sentry-ruby's thread stack) split one message by the call sites that reached it,
 * as version 2 still does for the projects created with it.
 */
export function messageStackFingerprint(
  message: { template?: string; text: string; logger?: string; frames: GroupingFrame[]; platform?: string },
  version: 2 | 3,
): string {
  const template = message.template ?? normaliseMessage(message.text);
  const key = version === 3 ? contractFrameKey : (f: GroupingFrame) => frameKeyV2(f, message.platform);
  return sha256(
    JSON.stringify(['message-stack', template, message.logger ?? null, ownFrames(message.frames).map(key)]),
  );
}

/**
 * An event without a stack: its message template (the logentry's unformatted message, else the message
 * with its variable parts normalised) and its logger.
 */
export function messageFingerprint(message: { template?: string; text: string; logger?: string }): string {
  const template = message.template ?? normaliseMessage(message.text);
  return sha256(JSON.stringify(['message', template, message.logger ?? null]));
}

/**
 * An exception whose frames stack trace rules all took out of grouping (#63): its type and its message with the
 * variable parts normalised, as Sentry groups an exception whose stack does not contribute.
 */
export function typeValueFingerprint(type: string, value: string): string {
  return sha256(JSON.stringify(['type-value', type, normaliseMessage(value)]));
}

/** The client's `fingerprint` parts, where `{{ default }}` stands for the default hash; the default without them. */
export function withCustomParts(def: string, custom?: string[]): string {
  if (!custom || custom.length === 0) return def;
  const parts = custom.map((p) => (isDefaultMarker(p) ? def : p));
  if (parts.length === 1 && parts[0] === def) return def;
  return sha256(JSON.stringify(['custom', parts]));
}

/** The issue fingerprint of our native envelope: the contract's default hash, or the client's parts. */
export function fingerprintOf(exception: { type: string; frames: GroupingFrame[] }, custom?: string[]): string {
  return withCustomParts(defaultFingerprint(exception), custom);
}

function isDefaultMarker(part: string): boolean {
  return part.replace(/\s+/g, '') === '{{default}}';
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never cut a surrogate pair in half.
  const cut = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return text.slice(0, cut);
}

/** `"<type>: <value>"`, first line only, at most 200 characters. */
export function issueTitle(type: string, value: string): string {
  const full = value === '' ? type : `${type}: ${value}`;
  const firstLine = full.split(/\r?\n|\r/, 1)[0].trimEnd();
  return truncate(firstLine === '' ? type : firstLine, TITLE_MAX);
}

/** The title of a message without a stack: the formatted message, first line, at most 200 characters. */
export function messageTitle(formatted: string): string {
  const firstLine = formatted.split(/\r?\n|\r/, 1)[0].trimEnd();
  return truncate(firstLine === '' ? '<empty message>' : firstLine, TITLE_MAX);
}

/** `"<filename> in <function>"` of the throw-site frame, or `"<filename>"` without a function. */
export function issueCulprit(frames: GroupingFrame[]): string | null {
  const top = frames[0];
  if (!top) return null;
  return top.function ? `${top.filename} in ${top.function}` : top.filename;
}

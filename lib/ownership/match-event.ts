// Whether an ownership rule matches an event (#49), as Sentry's matcher does, over the frames the application owns:
// path and codeowners against each frame's filename and abs_path, module against its module; url against the
// request's URL; tags.<name> against the event's tag of that name (environment and release count as tags).
// Frames an SDK marked as not in-app (libraries, the runtime) take no part: a rule names the application's code.
import { codeownersRegex, globMatch } from './glob';
import type { ParsedRule } from './parse-rules';

export type OwnershipFrame = {
  filename?: string | null;
  abs_path?: string | null;
  module?: string | null;
  in_app?: boolean | null;
};
export type EventFacts = {
  /** Innermost first, the thrown exception's then its causes'. */
  frames: OwnershipFrame[];
  url: string | null;
  tags: Record<string, string>;
};
export type CodeMapping = { stackRoot: string; sourceRoot: string };

type StoredFrames = { frames?: unknown } | null;
const obj = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const framesIn = (v: unknown): OwnershipFrame[] => {
  const frames = obj(v)?.frames;
  return Array.isArray(frames) ? (frames.filter((f) => obj(f)) as OwnershipFrame[]) : [];
};

/** What the matcher reads of a stored event (events.stacktrace, details.causes, request, tags). */
export function factsOfEvent(e: {
  stacktrace: unknown;
  details: unknown;
  request: unknown;
  tags: unknown;
  environment: string | null;
  release: string | null;
}): EventFacts {
  const causes = obj(e.details)?.causes;
  const frames = [
    ...framesIn(e.stacktrace as StoredFrames),
    ...(Array.isArray(causes) ? causes.flatMap((c) => framesIn(obj(c)?.stacktrace)) : []),
  ].filter((f) => f.in_app !== false);
  const url = obj(e.request)?.url;
  const tags: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(e.tags) ?? {})) if (typeof v === 'string') tags[k] = v;
  if (e.environment && tags.environment === undefined) tags.environment = e.environment;
  if (e.release && tags.release === undefined) tags.release = e.release;
  return { frames, url: typeof url === 'string' ? url : null, tags };
}

const regexCache = new Map<string, RegExp>();
function codeownersTest(pattern: string, mapping: CodeMapping, value: string): boolean {
  const key = `${mapping.stackRoot}\0${mapping.sourceRoot}\0${pattern}`;
  let re = regexCache.get(key);
  if (!re) {
    re = codeownersRegex(pattern, mapping);
    if (regexCache.size > 5000) regexCache.clear();
    regexCache.set(key, re);
  }
  return re.test(value.replace(/\\/g, '/'));
}

const NO_MAPPING: CodeMapping = { stackRoot: '', sourceRoot: '' };

export function ruleMatches(rule: ParsedRule, facts: EventFacts, mapping: CodeMapping = NO_MAPPING): boolean {
  const { type, pattern } = rule.matcher;
  const paths = (f: OwnershipFrame) => [f.filename, f.abs_path].filter((v): v is string => !!v);
  switch (type) {
    case 'url':
      return !!facts.url && globMatch(facts.url, pattern, { ignoreCase: true });
    case 'path':
      return facts.frames.some((f) =>
        paths(f).some((v) => globMatch(v, pattern, { ignoreCase: true, pathNormalize: true })),
      );
    case 'module':
      return facts.frames.some(
        (f) => !!f.module && globMatch(f.module, pattern, { ignoreCase: true, pathNormalize: true }),
      );
    case 'codeowners':
      return facts.frames.some((f) => paths(f).some((v) => codeownersTest(pattern, mapping, v)));
    default: {
      const value = facts.tags[type.slice('tags.'.length)];
      return value !== undefined && globMatch(value, pattern);
    }
  }
}

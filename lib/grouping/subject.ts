// What grouping rules read of an event (#63), flattened once per event by ingest (lib/ingest/enrich/grouping) or by
// the preview from a stored event: its exceptions, its frames innermost first, its message, logger, level, tags.

export type Family = 'javascript' | 'native' | 'other';

export type SubjectFrame = {
  /** The function, `<unknown>` without one (as Sentry's matchers read it). */
  function: string;
  absPath?: string;
  filename?: string;
  module?: string;
  package?: string;
  /** In-app as sent, then as stack trace rules set it. */
  inApp: boolean | undefined;
  family: Family;
  /** A category a stack trace rule gave the frame (`category=telemetry`). */
  category?: string;
};

export type SubjectException = { type?: string; value?: string; mechanism?: string };

export type GroupingSubject = {
  /** The thrown exception and its causes (empty for a message). */
  exceptions: SubjectException[];
  /** The thrown exception's frames, innermost first: the ones grouping and stack trace rules work on. */
  frames: SubjectFrame[];
  /** The causes' frames, which fingerprint rules also look at. */
  otherFrames: SubjectFrame[];
  /** The formatted log message (or the text of a captured message). */
  message?: string;
  logger?: string;
  level: string;
  tags: Readonly<Record<string, string>>;
  release?: string;
  family: Family;
  sdk?: string;
  transaction?: string;
};

const NATIVE = new Set(['objc', 'cocoa', 'swift', 'native', 'c']);
const JAVASCRIPT = new Set(['javascript', 'node']);

/** Sentry's `get_behavior_family_for_platform`. */
export function familyOf(platform: string | undefined): Family {
  if (platform === undefined) return 'other';
  return NATIVE.has(platform) ? 'native' : JAVASCRIPT.has(platform) ? 'javascript' : 'other';
}

/** The frame whose values `{{ function }}` and the like fill in: the innermost in-app frame, else the innermost. */
export function crashFrame(frames: readonly SubjectFrame[]): SubjectFrame | undefined {
  return frames.find((f) => f.inApp === true) ?? frames[0];
}

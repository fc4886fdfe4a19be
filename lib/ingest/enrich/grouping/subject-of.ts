// What grouping rules read of an error unit (#63): built only for projects that have rules.
import type { Frame } from '@/lib/envelope/schemas';
import { familyOf, type GroupingSubject, type SubjectFrame } from '@/lib/grouping/subject';
import type { GroupingUnit } from './group-event';

function subjectFrame(f: Frame, platform: string | undefined): SubjectFrame {
  return {
    function: f.function || '<unknown>',
    absPath: f.abs_path ?? f.filename,
    filename: f.filename,
    module: f.module,
    package: f.package,
    inApp: f.in_app,
    family: familyOf(f.platform ?? platform),
  };
}

/**
 * The unit as rules see it: a message (captureMessage, logging, a thread's stack) has no exception, unless the SDK
 * wrapped it in a synthetic one, which Sentry's matchers see too.
 */
export function subjectOf(u: GroupingUnit): GroupingSubject {
  const env = u.envelope;
  const exc = env.exception;
  const platform = env.platform;
  const hasException = !u.message || exc.mechanism?.synthetic === true;
  const causes = exc.causes ?? [];
  return {
    exceptions: hasException
      ? [
          { type: exc.type, value: exc.value, mechanism: exc.mechanism?.type },
          ...causes.map((c) => ({ type: c.type, value: c.value, mechanism: c.mechanism?.type })),
        ]
      : [],
    frames: u.stackless ? [] : exc.stacktrace.frames.map((f) => subjectFrame(f, platform)),
    otherFrames: causes.flatMap((c) => (c.stacktrace?.frames ?? []).map((f) => subjectFrame(f, platform))),
    message: env.logentry?.formatted ?? (u.message ? exc.value : undefined),
    logger: env.logger,
    level: env.level,
    tags: env.tags ?? {},
    release: env.release,
    family: familyOf(platform),
    sdk: env.sdk?.name,
    transaction: env.transaction,
  };
}

import type { ErrorUnit } from '@/lib/envelope/validate-envelope';
import {
  defaultFingerprint,
  inAppFingerprint,
  inAppFingerprintV2,
  issueCulprit,
  issueTitle,
  messageFingerprint,
  messageStackFingerprint,
  messageTitle,
  typeValueFingerprint,
  withCustomParts,
  type GroupingFrame,
} from './fingerprint';
import type { GroupingVersion } from '@/lib/grouping/version';

export type Grouping = { fingerprint: string; title: string; culprit: string | null };

// Library code whatever the SDK says: browser SDKs mark every frame in_app, so a bundled dependency would be the culprit.
const LIBRARY_PATH =
  /\/node_modules\/|\/bower_components\/|\/vendor\/|^webpack\/bootstrap|^<anonymous>$|^\[native code\]$|^native$/;

/**
 * The frames the culprit is chosen from, innermost first: the application's own (in_app and not library code by
 * its path) when there are any, else those marked in_app, else all. Grouping is not affected.
 */
function culpritCandidates(frames: GroupingFrame[]): GroupingFrame[] {
  const own = frames.filter((f) => f.in_app === true);
  const app = own.filter((f) => !LIBRARY_PATH.test(f.filename));
  return app.length > 0 ? app : own.length > 0 ? own : frames;
}

export type GroupingUnit = Pick<ErrorUnit, 'envelope' | 'grouping' | 'stackless' | 'message'>;

/**
 * The frames a unit is grouped by: `all` (innermost first, in-app as stack trace rules left it: the culprit's) and
 * `grouping`, those that take part in the hash (all of them but for stack trace rules; none left: the exception's
 * type and value, or the message, group it).
 */
export type FrameSets = { all: GroupingFrame[]; grouping: GroupingFrame[] };

/** The hash of an event whose frames stack trace rules all took out of grouping. */
function withoutFrames(u: GroupingUnit): string {
  const env = u.envelope;
  const exc = env.exception;
  if (u.message)
    return messageFingerprint({
      template: env.logentry?.message,
      text: env.logentry?.formatted ?? exc.value,
      logger: env.logger,
    });
  return typeValueFingerprint(exc.type, exc.value);
}

/** The default hash, title and culprit of a unit under a grouping version, from the frames given. */
export function defaultGrouping(u: GroupingUnit, version: GroupingVersion, sets: FrameSets): Grouping {
  const env = u.envelope;
  const exc = env.exception;
  const { all, grouping: frames } = sets;
  if (u.grouping === 'native') {
    return {
      fingerprint:
        frames.length > 0 || all.length === 0 ? defaultFingerprint({ type: exc.type, frames }) : withoutFrames(u),
      title: issueTitle(exc.type, exc.value),
      culprit: issueCulprit(all),
    };
  }
  if (u.stackless) {
    return {
      fingerprint: messageFingerprint({ template: env.logentry?.message, text: exc.value, logger: env.logger }),
      title: messageTitle(exc.value),
      culprit: env.logger ?? env.transaction ?? all[0]?.filename ?? null,
    };
  }
  const culpritFrames = culpritCandidates(all);
  if (version >= 2 && u.message) {
    const text = env.logentry?.formatted ?? exc.value;
    const def =
      frames.length === 0
        ? withoutFrames(u)
        : messageStackFingerprint(
            { template: env.logentry?.message, text, logger: env.logger, frames, platform: env.platform },
            version === 2 ? 2 : 3,
          );
    return { fingerprint: def, title: messageTitle(text), culprit: issueCulprit(culpritFrames) };
  }
  const def =
    frames.length === 0
      ? withoutFrames(u)
      : version >= 2
        ? inAppFingerprintV2({ type: exc.type, frames }, env.platform)
        : inAppFingerprint({ type: exc.type, frames });
  return { fingerprint: def, title: issueTitle(exc.type, exc.value), culprit: issueCulprit(culpritFrames) };
}

/** Grouping, title and culprit of an error unit under the project's grouping version (see lib/ingest/enrich/grouping/fingerprint for the rules). */
export function groupingOf(u: GroupingUnit, version: GroupingVersion = 1): Grouping {
  const frames = u.envelope.exception.stacktrace.frames;
  const g = defaultGrouping(u, version, { all: frames, grouping: frames });
  return { ...g, fingerprint: withCustomParts(g.fingerprint, u.envelope.fingerprint) };
}

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
  withCustomParts,
  type GroupingFrame,
} from './fingerprint';
import type { GroupingVersion } from '@/lib/grouping/version';

type Grouping = { fingerprint: string; title: string; culprit: string | null };

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

/** Grouping, title and culprit of an error unit under the project's grouping version (see lib/ingest/enrich/grouping/fingerprint for the rules). */
export function groupingOf(
  u: Pick<ErrorUnit, 'envelope' | 'grouping' | 'stackless' | 'message'>,
  version: GroupingVersion = 1,
): Grouping {
  const env = u.envelope;
  const exc = env.exception;
  const frames = exc.stacktrace.frames;
  if (u.grouping === 'native') {
    return {
      fingerprint: withCustomParts(defaultFingerprint({ type: exc.type, frames }), env.fingerprint),
      title: issueTitle(exc.type, exc.value),
      culprit: issueCulprit(frames),
    };
  }
  if (u.stackless) {
    const def = messageFingerprint({ template: env.logentry?.message, text: exc.value, logger: env.logger });
    return {
      fingerprint: withCustomParts(def, env.fingerprint),
      title: messageTitle(exc.value),
      culprit: env.logger ?? env.transaction ?? frames[0]?.filename ?? null,
    };
  }
  const culpritFrames = culpritCandidates(frames);
  if (version >= 2 && u.message) {
    const text = env.logentry?.formatted ?? exc.value;
    const def = messageStackFingerprint(
      { template: env.logentry?.message, text, logger: env.logger, frames, platform: env.platform },
      version === 2 ? 2 : 3,
    );
    return {
      fingerprint: withCustomParts(def, env.fingerprint),
      title: messageTitle(text),
      culprit: issueCulprit(culpritFrames),
    };
  }
  const def =
    version >= 2
      ? inAppFingerprintV2({ type: exc.type, frames }, env.platform)
      : inAppFingerprint({ type: exc.type, frames });
  return {
    fingerprint: withCustomParts(def, env.fingerprint),
    title: issueTitle(exc.type, exc.value),
    culprit: issueCulprit(culpritFrames),
  };
}

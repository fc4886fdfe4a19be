import type { ErrorUnit } from '@/lib/ingest/validate-envelope';
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
  type GroupingVersion,
} from './fingerprint';

type Grouping = { fingerprint: string; title: string; culprit: string | null };

/** Grouping, title and culprit of an error unit under the project's grouping version (see lib/grouping/fingerprint for the rules). */
export function groupingOf(u: Pick<ErrorUnit, 'envelope' | 'grouping' | 'stackless' | 'message'>, version: GroupingVersion = 1): Grouping {
  const env = u.envelope;
  const exc = env.exception;
  const frames = exc.stacktrace.frames;
  if (u.grouping === 'native') {
    return { fingerprint: withCustomParts(defaultFingerprint({ type: exc.type, frames }), env.fingerprint), title: issueTitle(exc.type, exc.value), culprit: issueCulprit(frames) };
  }
  if (u.stackless) {
    const def = messageFingerprint({ template: env.logentry?.message, text: exc.value, logger: env.logger });
    return { fingerprint: withCustomParts(def, env.fingerprint), title: messageTitle(exc.value), culprit: env.logger ?? env.transaction ?? frames[0]?.filename ?? null };
  }
  const culpritFrames = frames.some((f) => f.in_app === true) ? frames.filter((f) => f.in_app === true) : frames;
  if (version >= 2 && u.message) {
    const text = env.logentry?.formatted ?? exc.value;
    const def = messageStackFingerprint({ template: env.logentry?.message, text, logger: env.logger, frames, platform: env.platform });
    return { fingerprint: withCustomParts(def, env.fingerprint), title: messageTitle(text), culprit: issueCulprit(culpritFrames) };
  }
  const def = version >= 2 ? inAppFingerprintV2({ type: exc.type, frames }, env.platform) : inAppFingerprint({ type: exc.type, frames });
  return { fingerprint: withCustomParts(def, env.fingerprint), title: issueTitle(exc.type, exc.value), culprit: issueCulprit(culpritFrames) };
}

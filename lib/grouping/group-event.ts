import type { ErrorUnit } from '@/lib/ingest/validate-envelope';
import { defaultFingerprint, inAppFingerprint, issueCulprit, issueTitle, messageFingerprint, messageTitle, withCustomParts } from './fingerprint';

/** Grouping, title and culprit of an error unit (see lib/grouping/fingerprint for the rules). */
export function groupingOf(u: Pick<ErrorUnit, 'envelope' | 'grouping' | 'stackless'>): { fingerprint: string; title: string; culprit: string | null } {
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
  return {
    fingerprint: withCustomParts(inAppFingerprint({ type: exc.type, frames }), env.fingerprint),
    title: issueTitle(exc.type, exc.value),
    culprit: issueCulprit(culpritFrames),
  };
}


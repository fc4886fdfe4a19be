// Grouping under a project's grouping config (#63): its stack trace rules first (which frames are in-app, which
// group), then the default hash of its version over the frames left, then its fingerprint rules (the first that
// matches replaces the SDK's fingerprint, `{{ default }}` standing for that hash). A project without rules groups
// exactly as groupingOf does, without building anything.
import type { GroupingConfig } from '@/lib/grouping/config';
import { matchFingerprintRules } from '@/lib/grouping/fingerprint-rules';
import { applyStackRules } from '@/lib/grouping/stack-rules';
import type { GroupingSubject } from '@/lib/grouping/subject';
import { issueTitle, withCustomParts, type GroupingFrame } from './fingerprint';
import { defaultGrouping, groupingOf, type FrameSets, type Grouping, type GroupingUnit } from './group-event';
import { subjectOf } from './subject-of';

export type RuledGrouping = Grouping & {
  /** The thrown exception's frames with the in-app flags stack trace rules set, when they changed any. */
  frames?: GroupingFrame[];
  /** The fingerprint rule that applied, as written canonically, and its parts filled in. */
  rule?: string;
  parts?: string[];
};

/** The frames in-app as the rules left them, and those that group, as Sentry picks them from the rules' outcome. */
function framesUnderRules(
  u: GroupingUnit,
  config: GroupingConfig,
  s: GroupingSubject,
): FrameSets & { changed: boolean } {
  const sent = u.envelope.exception.stacktrace.frames;
  if (u.stackless || config.stackRules.length === 0) return { all: sent, grouping: sent, changed: false };
  const outcome = applyStackRules(config.stackRules, s.frames, s.exceptions[0]);
  let changed = false;
  const all = sent.map((f, i) => {
    const inApp = s.frames[i].inApp;
    if (inApp === f.in_app) return f;
    changed = true;
    return { ...f, in_app: inApp };
  });
  const contributing = all.filter((_, i) => outcome.contributes[i]);
  // The application's frames when some take part, else every frame that does (the contract's native hash: all).
  const own = u.grouping === 'native' ? [] : contributing.filter((f) => f.in_app === true);
  let grouping = own.length > 0 ? own : contributing;
  if (outcome.maxFrames) grouping = grouping.slice(0, outcome.maxFrames);
  if (outcome.minFrames && grouping.length < outcome.minFrames) grouping = [];
  return { all, grouping, changed };
}

/** Grouping, title and culprit of an error unit under a project's grouping config. */
export function groupEvent(u: GroupingUnit, config: GroupingConfig): RuledGrouping {
  if (config.fingerprintRules.length === 0 && config.stackRules.length === 0) return groupingOf(u, config.version);
  const subject = subjectOf(u);
  const sets = framesUnderRules(u, config, subject);
  const g = defaultGrouping(u, config.version, sets);
  const match = config.fingerprintRules.length > 0 ? matchFingerprintRules(config.fingerprintRules, subject) : null;
  const parts = match ? match.parts : u.envelope.fingerprint;
  return {
    // A rule's {{ default }} comes out as DEFAULT_PART, which withCustomParts reads as the default hash.
    fingerprint: withCustomParts(g.fingerprint, parts),
    title: match?.title?.trim() ? issueTitle(match.title, '') : g.title,
    culprit: g.culprit,
    ...(sets.changed ? { frames: sets.all } : {}),
    ...(match ? { rule: match.rule.text, parts: match.parts } : {}),
  };
}

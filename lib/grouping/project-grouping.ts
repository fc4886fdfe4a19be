// A project's grouping as ingest holds it (#63): the config in force, named by its epoch (a new one each time the
// config changes), and the configs it replaced that are still in their transition window, newest first, each kept
// in the `grouping_previous` column as `{ version, fingerprintRules, stackRules, until }`.
import { groupingConfigOf, hasRules, type GroupingConfig } from './config';
import { groupingVersionOf, type GroupingVersion } from './version';

export type StoredPreviousConfig = {
  version: number;
  fingerprintRules: string;
  stackRules: string;
  /** ISO time the transition window of this config ends. */
  until: string;
};

export type PreviousConfig = { config: GroupingConfig; until: number };

export type ProjectGrouping = {
  current: GroupingConfig;
  /** Names the current config in the continuation rows (`grouping_continuations.epoch`). */
  epoch: string;
  previous: PreviousConfig[];
};

const isText = (v: unknown): v is string => typeof v === 'string';

/** The stored list of previous configs, each checked (a malformed entry is skipped). */
export function storedPreviousOf(json: unknown): StoredPreviousConfig[] {
  if (!Array.isArray(json)) return [];
  return json.filter(
    (p): p is StoredPreviousConfig =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as StoredPreviousConfig).version === 'number' &&
      isText((p as StoredPreviousConfig).fingerprintRules) &&
      isText((p as StoredPreviousConfig).stackRules) &&
      isText((p as StoredPreviousConfig).until) &&
      !Number.isNaN(Date.parse((p as StoredPreviousConfig).until)),
  );
}

/**
 * What ingest needs of a project's grouping, or null when it has neither rules nor a previous config in its window:
 * then its events group by its version alone, at no cost.
 */
export function projectGroupingOf(
  p: {
    version: GroupingVersion;
    fingerprintRules: string;
    stackRules: string;
    previous: unknown;
    epoch: string | null;
  },
  now: number,
): ProjectGrouping | null {
  const current = groupingConfigOf(p.version, p);
  const previous = storedPreviousOf(p.previous)
    .map((s) => ({ config: groupingConfigOf(groupingVersionOf(s.version), s), until: Date.parse(s.until) }))
    .filter((s) => s.until > now && s.config.hash !== current.hash);
  if (!hasRules(current) && previous.length === 0) return null;
  return { current, epoch: p.epoch ?? current.hash, previous };
}

// A project's grouping config (#63): its grouping version with its fingerprint rules and stack trace rules, read
// once and shared (ingest reads it with each key, every 5 s; the same texts are parsed once per process), and named
// by a hash of the rules as read, so a comment or a space changes nothing.
import crypto from 'node:crypto';
import { parseFingerprintRules, type FingerprintRule } from './fingerprint-rules';
import type { RuleError } from './rule-text';
import { parseStackRules, type StackRule } from './stack-rules';
import type { GroupingVersion } from './version';

export type GroupingRulesText = { fingerprintRules: string; stackRules: string };

export type GroupingConfig = {
  version: GroupingVersion;
  fingerprintRules: readonly FingerprintRule[];
  stackRules: readonly StackRule[];
  /** 16 hex digits naming the version and the rules as read. */
  hash: string;
};

export type GroupingRuleError = RuleError & { field: keyof GroupingRulesText };

/** Both texts read, with every error of each at its line and column. */
export function parseGroupingRules(text: GroupingRulesText): {
  fingerprintRules: FingerprintRule[];
  stackRules: StackRule[];
  errors: GroupingRuleError[];
} {
  const fp = parseFingerprintRules(text.fingerprintRules);
  const st = parseStackRules(text.stackRules);
  return {
    fingerprintRules: fp.rules,
    stackRules: st.rules,
    errors: [
      ...fp.errors.map((e) => ({ field: 'fingerprintRules' as const, ...e })),
      ...st.errors.map((e) => ({ field: 'stackRules' as const, ...e })),
    ],
  };
}

export function configHash(
  version: GroupingVersion,
  rules: { fingerprintRules: readonly { text: string }[]; stackRules: readonly { text: string }[] },
): string {
  const canonical = JSON.stringify([
    version,
    rules.fingerprintRules.map((r) => r.text),
    rules.stackRules.map((r) => r.text),
  ]);
  return crypto.hash('sha256', canonical, 'hex').slice(0, 16);
}

const MAX_CACHED = 1_000;
const cache = new Map<string, GroupingConfig>();

/**
 * The config of a version and its rules texts (as saved: valid; a line that no longer reads is left out). Parsed once
 * per distinct text in this process.
 */
export function groupingConfigOf(version: GroupingVersion, text: GroupingRulesText): GroupingConfig {
  const key = `${version}\u0000${text.fingerprintRules}\u0000${text.stackRules}`;
  let hit = cache.get(key);
  if (!hit) {
    const parsed = parseGroupingRules(text);
    hit = {
      version,
      fingerprintRules: parsed.fingerprintRules,
      stackRules: parsed.stackRules,
      hash: configHash(version, parsed),
    };
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, hit);
  }
  return hit;
}

/** Whether a config groups anything differently from its version's default grouping. */
export const hasRules = (c: GroupingConfig) => c.fingerprintRules.length > 0 || c.stackRules.length > 0;

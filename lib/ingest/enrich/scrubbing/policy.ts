import { DEFAULT_SENSITIVE_KEYS, normaliseKey, type ScrubPolicy } from './rules';

/** A project's privacy settings as stored, plus its organization's lock. */
export type PrivacySettings = {
  scrubDefaults: boolean;
  sensitiveFields: readonly string[];
  safeFields: readonly string[];
  scrubIpAddresses: boolean;
  /** The organization requires the default scrubbers in every project (a project cannot turn them off). */
  orgRequiresScrubbing: boolean;
};

export const DEFAULT_PRIVACY: PrivacySettings = {
  scrubDefaults: true,
  sensitiveFields: [],
  safeFields: [],
  scrubIpAddresses: false,
  orgRequiresScrubbing: false,
};

const normalisedList = (fields: readonly string[]) => [
  ...new Set(fields.map(normaliseKey).filter((f) => f.length > 0)),
];

/** What ingest applies for these settings: the defaults are on when the project or its organization says so. */
export function scrubPolicyOf(s: PrivacySettings): ScrubPolicy {
  const defaults = s.scrubDefaults || s.orgRequiresScrubbing;
  const own = normalisedList(s.sensitiveFields);
  return {
    defaults,
    sensitive: defaults ? [...new Set([...DEFAULT_SENSITIVE_KEYS, ...own])] : own,
    safe: normalisedList(s.safeFields),
    dropIp: s.scrubIpAddresses,
  };
}

import { pool, statement } from '@/lib/pg';
import { withDbRetry } from '@/lib/db-retry';
// Raw SQL: the ingest hot path (one cached statement), where the stack allows pg.
import { onKeysChanged } from '@/lib/key-changes';
import { scrubPolicyOf } from '@/lib/ingest/enrich/scrubbing/policy';
import type { ScrubPolicy } from '@/lib/ingest/enrich/scrubbing/rules';
import { groupingVersionOf, type GroupingVersion } from '@/lib/grouping/version';
import { projectGroupingOf, type ProjectGrouping } from '@/lib/grouping/project-grouping';
import { filtersOf, type InboundFilters } from '@/lib/ingest/enrich/inbound-filters';
import { defaultShape, perMinuteShape, type BucketShape } from '@/lib/ingest/admit/rate-limit';
import { hasControlCharacters } from '@/lib/text/control-characters';
import { performanceSettingsOf, type PerformanceSettings } from '@/lib/performance-issues/types';
import { sharedLoad } from './shared-load';

/**
 * An authenticated key, with what ingest needs of its project: the scrubbing policy and grouping rules in force,
 * its inbound filters and the fingerprints it discarded.
 */
export type IngestKey = {
  publicKey: string;
  projectId: string;
  /** The project's number (the DSN's), which names the project in the spans table. */
  projectNumber: number;
  orgId: string;
  scrub: ScrubPolicy;
  groupingVersion: GroupingVersion;
  /**
   * The project's grouping rules and the configs they replaced still in their transition window (#63), parsed once
   * per key load; absent or null: neither, and events group by the version alone.
   */
  grouping?: ProjectGrouping | null;
  filters: InboundFilters;
  discarded: ReadonlySet<string>;
  /** Fingerprints of merged issues → the fingerprint of the issue they went into. */
  aliases: ReadonlyMap<string, string>;
  /** The key's own rate limit in events a minute; null: the server's INGEST_RATE_LIMIT_PER_SECOND (read when used). */
  rateLimitPerMinute: number | null;
  /** Spike protection is on for the project, and since when the project exists (a day of history is its baseline). */
  spikeProtection: boolean;
  projectCreatedAt: Date;
  /** The performance issue detectors' settings (#62); absent: Sentry's defaults. */
  performance?: PerformanceSettings;
};

type KeyRow = Omit<IngestKey, 'publicKey'> & { enabled: boolean };
type KeyEntry = { row: KeyRow | null; expiresAt: number };

// Disabling or deleting a key, or changing its project's privacy settings, invalidates it at once on this
// instance (onKeysChanged); the TTL bounds what other instances see.
const KEY_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const MAX_KEY_LENGTH = 128;

const g = globalThis as unknown as {
  trackerIngestKeys?: { keys: Map<string, KeyEntry>; pending: Map<string, Promise<KeyRow | null>> };
};
const cache = (g.trackerIngestKeys ??= (() => {
  const c = { keys: new Map<string, KeyEntry>(), pending: new Map<string, Promise<KeyRow | null>>() };
  onKeysChanged((publicKeys) => {
    for (const k of publicKeys) c.keys.delete(k);
  });
  return c;
})());

type LoadedRow = {
  project_id: string;
  project_number: number;
  org_id: string;
  enabled: boolean;
  scrub_defaults: boolean;
  sensitive_fields: string[];
  safe_fields: string[];
  scrub_ip_addresses: boolean;
  require_scrubbing: boolean;
  grouping_version: number;
  fingerprint_rules: string;
  stack_rules: string;
  grouping_previous: unknown;
  grouping_epoch: string | null;
  inbound_filters: unknown;
  discarded: string[] | null;
  aliases: [string, string][] | null;
  rate_limit_per_minute: number | null;
  spike_protection: boolean;
  project_created_at: Date;
  performance_issues: unknown;
};

async function loadKey(publicKey: string): Promise<KeyRow | null> {
  // A read: waits out a failover (#50) and is safe to repeat.
  const { rows } = await withDbRetry(
    () =>
      pool().query<LoadedRow>(
        statement(
          'ingest-key-project',
          `SELECT k.project_id, p.number AS project_number, k.enabled, p.org_id, p.scrub_defaults, p.sensitive_fields, p.safe_fields, p.scrub_ip_addresses, o.require_scrubbing, p.grouping_version,
                  p.fingerprint_rules, p.stack_rules, p.grouping_previous, p.grouping_epoch, p.inbound_filters, (SELECT array_agg(d.fingerprint) FROM discarded_fingerprints d WHERE d.project_id = p.id) AS discarded,
                  (SELECT json_agg(json_build_array(a.fingerprint, i.fingerprint)) FROM issue_fingerprint_aliases a JOIN issues i ON i.id = a.issue_id
                    WHERE a.project_id = p.id) AS aliases,
                  k.rate_limit_per_minute, p.spike_protection, p.created_at AS project_created_at, p.performance_issues
             FROM project_keys k JOIN projects p ON p.id = k.project_id JOIN organizations o ON o.id = p.org_id
            WHERE k.public_key = $1`,
          [publicKey],
        ),
      ),
    { ambiguous: 'retry', what: 'ingest key lookup' },
  );
  const r = rows[0];
  if (!r) return null;
  const scrub = scrubPolicyOf({
    scrubDefaults: r.scrub_defaults,
    sensitiveFields: r.sensitive_fields,
    safeFields: r.safe_fields,
    scrubIpAddresses: r.scrub_ip_addresses,
    orgRequiresScrubbing: r.require_scrubbing,
  });
  return {
    projectId: r.project_id,
    projectNumber: r.project_number,
    orgId: r.org_id,
    enabled: r.enabled,
    scrub,
    groupingVersion: groupingVersionOf(r.grouping_version),
    grouping: projectGroupingOf(
      {
        version: groupingVersionOf(r.grouping_version),
        fingerprintRules: r.fingerprint_rules,
        stackRules: r.stack_rules,
        previous: r.grouping_previous,
        epoch: r.grouping_epoch,
      },
      Date.now(),
    ),
    filters: filtersOf(r.inbound_filters),
    discarded: new Set(r.discarded ?? []),
    aliases: new Map(r.aliases ?? []),
    rateLimitPerMinute: r.rate_limit_per_minute,
    spikeProtection: r.spike_protection,
    projectCreatedAt: r.project_created_at,
    performance: performanceSettingsOf(r.performance_issues),
  };
}

async function keyRow(publicKey: string): Promise<KeyRow | null> {
  const now = performance.now();
  const hit = cache.keys.get(publicKey);
  if (hit && hit.expiresAt > now) return hit.row;
  return sharedLoad(cache.pending, publicKey, async () => {
    const row = await loadKey(publicKey);
    if (cache.keys.size >= MAX_ENTRIES) cache.keys.clear();
    cache.keys.set(publicKey, { row, expiresAt: now + KEY_TTL_MS });
    return row;
  });
}

/** The enabled key `publicKey` if it belongs to project `projectId`, else null. Cached briefly. */
export async function resolveIngestKey(publicKey: string, projectId: string): Promise<IngestKey | null> {
  // No key holds a control character, and a NUL cannot be sent to PostgreSQL (a DSN's user part is %-decoded).
  if (publicKey.length === 0 || publicKey.length > MAX_KEY_LENGTH || hasControlCharacters(publicKey)) return null;
  const row = await keyRow(publicKey);
  if (!row || !row.enabled || row.projectId !== projectId) return null;
  const { enabled: _enabled, ...key } = row;
  return { publicKey, ...key };
}

/** The project of the enabled key `publicKey`, whatever project a request named; null for an unknown or disabled key. */
export async function enabledKeyProjectId(publicKey: string): Promise<string | null> {
  if (publicKey.length === 0 || publicKey.length > MAX_KEY_LENGTH || hasControlCharacters(publicKey)) return null;
  const row = await keyRow(publicKey);
  return row?.enabled ? row.projectId : null;
}

/** Drops a key whose project vanished between the lookup and the store. */
export function forgetIngestKey(publicKey: string): void {
  cache.keys.delete(publicKey);
}

/** Ingest auth: header `X-Ingest-Auth: ingest_key=<KEY>` or query `?ingest_key=<KEY>`. */
export function ingestKeyFrom(header: string | undefined, query: string | null): string | null {
  if (header) {
    const m = /(?:^|[\s,])ingest_key=([^\s,]+)/.exec(header);
    if (m) return m[1];
  }
  return query && query.length > 0 ? query : null;
}

/** The bucket a key's requests draw from: its own limit, or the server's default as configured now. */
export function keyShape(key: Pick<IngestKey, 'rateLimitPerMinute'>): BucketShape {
  return key.rateLimitPerMinute ? perMinuteShape(key.rateLimitPerMinute) : defaultShape();
}

// Sentry's management API (/api/0, #63): path and query parameters and request bodies, with Sentry's names and
// Sentry's refusals (a 400 whose `detail` names the parameter).
import { z } from 'zod';
import { clampedInt } from './query';

const slug = z.string().min(1).max(200);
export const sentryOrgParams = z.object({ org: slug });
export const sentryProjectParams = z.object({ org: slug, project: slug });
export const sentryIssueParams = z.object({ org: slug, issueId: z.string().min(1).max(220) });
export const sentryBareIssueParams = z.object({ issueId: z.string().min(1).max(220) });

/** Repeated query parameters (the route wrapper's `queryArrays`). */
export const SENTRY_ARRAY_PARAMS = [
  'id',
  'project',
  'environment',
  'group',
  'expand',
  'collapse',
  'field',
  'groupBy',
  'category',
  'outcome',
] as const;
const strings = (max: number) => z.array(z.string().max(max)).max(1000).default([]);

/** `24h`, `14d`, `90m`, `2w`, `30s`: a period back from now, in milliseconds. */
export const PERIOD = /^(\d{1,6})([smhdw])$/;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
export function periodMs(text: string): number | null {
  const m = PERIOD.exec(text);
  return m ? Number(m[1]) * UNIT_MS[m[2]] : null;
}

const isoDate = z
  .string()
  .max(64)
  .refine((v) => !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 date')
  .transform((v) => new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(v) ? v : `${v}Z`));

const projectIds = z.array(
  z
    .string()
    .regex(/^-?\d{1,9}$/, 'must be numeric project ids (-1 for all)')
    .transform(Number),
);

/** The issue lists' parameters (organization and project). */
export const sentryIssueListQuery = z.object({
  query: z.string().max(1000).optional(),
  statsPeriod: z.string().max(16).optional(),
  start: isoDate.optional(),
  end: isoDate.optional(),
  groupStatsPeriod: z.string().max(16).optional(),
  environment: strings(200),
  project: projectIds.default([]),
  sort: z.string().max(32).optional(),
  limit: clampedInt(100, 1, 100),
  cursor: z.string().max(100).optional(),
  shortIdLookup: z.string().max(5).optional(),
  group: z.array(z.string().max(40)).max(100).default([]),
  expand: strings(64),
  collapse: strings(64),
});
export type SentryIssueListQuery = z.infer<typeof sentryIssueListQuery>;

/** A bulk change's selection: `id` (repeated), else the search (`query`, `status`, and for an organization `project`). */
export const sentryBulkQuery = z.object({
  id: z.array(z.string().max(220)).max(1000).default([]),
  query: z.string().max(1000).optional(),
  status: z.string().max(32).optional(),
  environment: strings(200),
  project: projectIds.default([]),
});
export type SentryBulkQuery = z.infer<typeof sentryBulkQuery>;

const minutes = z
  .number()
  .int()
  .min(1)
  .max(365 * 24 * 60);
const count = z.number().int().min(1).max(1_000_000);

/** What a PUT may change, in Sentry's names (Bulk Mutate a List of Issues, Update an Issue). */
export const sentryIssueChanges = z
  .object({
    status: z
      .enum(['resolved', 'unresolved', 'ignored', 'resolvedInNextRelease', 'muted', 'reprocessing'], {
        message: 'status must be resolved, resolvedInNextRelease, unresolved or ignored',
      })
      .optional(),
    substatus: z
      .enum([
        'archived_until_escalating',
        'archived_until_condition_met',
        'archived_forever',
        'ongoing',
        'escalating',
        'new',
        'regressed',
      ])
      .nullish(),
    statusDetails: z
      .object({
        inNextRelease: z.boolean().optional(),
        inRelease: z.string().max(200).optional(),
        inCommit: z.unknown().optional(),
        ignoreDuration: minutes.nullish(),
        ignoreCount: count.nullish(),
        ignoreWindow: minutes.nullish(),
        ignoreUserCount: count.nullish(),
        ignoreUserWindow: minutes.nullish(),
        ignoreUntilEscalating: z.boolean().optional(),
      })
      .optional(),
    ignoreDuration: minutes.nullish(),
    // sentry-cli's `issues mute` sends it, null unless asked for a duration.
    snoozeDuration: minutes.nullish(),
    assignedTo: z.string().max(320).nullish(),
    hasSeen: z.boolean().optional(),
    isBookmarked: z.boolean().optional(),
    isSubscribed: z.boolean().optional(),
    isPublic: z.boolean().optional(),
    merge: z.boolean().optional(),
    discard: z.boolean().optional(),
    priority: z.string().max(16).optional(),
    inbox: z.boolean().optional(),
  })
  .strict();
export type SentryIssueChanges = z.infer<typeof sentryIssueChanges>;

export const sentryEventsQuery = z.object({
  full: z.enum(['true', 'false', '1', '0']).optional(),
  cursor: z.string().max(100).optional(),
  limit: clampedInt(100, 1, 100),
  environment: strings(200),
  query: z.string().max(1000).optional(),
  statsPeriod: z.string().max(16).optional(),
  start: isoDate.optional(),
  end: isoDate.optional(),
});

export const sentryTagValuesQuery = z.object({
  cursor: z.string().max(100).optional(),
  limit: clampedInt(100, 1, 1000),
  environment: strings(200),
  sort: z.string().max(32).optional(),
});

/** Sentry's events endpoint (`/organizations/{org}/events/`): the datasets this server keeps. */
export const sentryDiscoverQuery = z.object({
  dataset: z.string().max(32).optional(),
  field: z.array(z.string().max(200)).max(50).default([]),
  query: z.string().max(1000).default(''),
  sort: z.string().max(200).optional(),
  per_page: clampedInt(50, 1, 100),
  cursor: z.string().max(100).optional(),
  statsPeriod: z.string().max(16).optional(),
  start: isoDate.optional(),
  end: isoDate.optional(),
  project: projectIds.default([]),
  environment: strings(200),
});

/** Sentry's usage stats (`/organizations/{org}/stats_v2/`). */
export const sentryStatsV2Query = z.object({
  field: strings(64),
  groupBy: strings(32),
  category: strings(32),
  outcome: strings(32),
  interval: z.string().max(16).optional(),
  statsPeriod: z.string().max(16).optional(),
  start: isoDate.optional(),
  end: isoDate.optional(),
  project: projectIds.default([]),
});

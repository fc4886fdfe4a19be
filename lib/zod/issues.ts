import { z } from 'zod';
import { clampedInt, lenientEnum, paginationQuery } from './query';
import { parseSearchQuery } from './search-query';

import { ISSUE_STATUSES, LEVELS } from './issue-values';

export { ISSUE_STATUSES, LEVELS, type IssueStatusValue, type LevelValue } from './issue-values';

export const issueParams = z.object({ projectId: z.string().min(1), issueId: z.string().min(1) });
export const eventParams = issueParams.extend({ eventId: z.string().min(1) });

export const ASSIGNEE_FILTERS = ['me', 'none'] as const;
export const ISSUE_SORTS = ['lastSeen', 'firstSeen', 'events', 'users'] as const;
export type IssueSort = (typeof ISSUE_SORTS)[number];

/** The search text parsed into filters; a query that does not parse is a 400 naming the position and the reason. */
const searchQuery = z
  .string()
  .optional()
  .transform((s, ctx) => {
    const parsed = parseSearchQuery(s ?? '');
    if (parsed.ok) return parsed.filters;
    ctx.addIssue({ code: 'custom', message: parsed.reason, params: { position: parsed.position } });
    return z.NEVER;
  });

/**
 * page/limit clamped; an unknown status, level, assignee filter or sort is dropped (that filter is not applied,
 * the default order holds). Beside the spec: `query` (the search language), `sort`, `environment`.
 */
export const listIssuesQuery = paginationQuery.extend({
  status: lenientEnum(ISSUE_STATUSES),
  level: lenientEnum(LEVELS),
  assignee: lenientEnum(ASSIGNEE_FILTERS),
  expand: lenientEnum(['assignee']),
  query: searchQuery,
  sort: lenientEnum(ISSUE_SORTS),
  environment: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.slice(0, 200) : undefined),
    z.string().optional(),
  ),
});

/** `expand=assignee` adds the assignee to the issue; without it the spec's shape is unchanged. */
export const getIssueQuery = z.object({ expand: lenientEnum(['assignee']) });

export const listEventsQuery = paginationQuery;

const status = z.enum(ISSUE_STATUSES, { message: 'Status must be one of UNRESOLVED, RESOLVED, IGNORED' });

/** Beside `status: RESOLVED`: stay resolved until an event of a release newer than the project's latest one arrives. */
export const RESOLVE_IN = ['nextRelease'] as const;
export type ResolveIn = (typeof RESOLVE_IN)[number];

/** The spec's body (`status`), plus the optional `resolveIn`. */
// Ignore with a condition (#30, lib/issues/ignore-conditions.ts).
const WEEK_MINUTES = 7 * 24 * 60;

export const ignoreConditionSchema = z
  .object({
    /** Back after this many minutes. */
    minutes: z
      .number()
      .int()
      .min(1)
      .max(365 * 24 * 60)
      .optional(),
    /** Back after this many more events… */
    count: z.number().int().min(1).max(1_000_000).optional(),
    /** …within this many minutes (a rolling window); without it, in total. */
    windowMinutes: z.number().int().min(1).max(WEEK_MINUTES).optional(),
    /** Back once this many more users have had it. */
    users: z.number().int().min(1).max(1_000_000).optional(),
  })
  .superRefine((v, ctx) => {
    const set = [v.minutes, v.count, v.users].filter((x) => x !== undefined).length;
    if (set !== 1) ctx.addIssue({ code: 'custom', path: [], message: 'Give exactly one of minutes, count or users' });
    if (v.windowMinutes !== undefined && v.count === undefined)
      ctx.addIssue({ code: 'custom', path: ['windowMinutes'], message: 'windowMinutes goes with count' });
  });
export type IgnoreCondition = z.infer<typeof ignoreConditionSchema>;

export const updateIssueSchema = z
  .object({
    status,
    resolveIn: z.enum(RESOLVE_IN, { message: 'resolveIn must be nextRelease' }).optional(),
    ignore: ignoreConditionSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.resolveIn && v.status !== 'RESOLVED')
      ctx.addIssue({ code: 'custom', path: ['resolveIn'], message: 'resolveIn is only allowed with status RESOLVED' });
    if (v.ignore && v.status !== 'IGNORED')
      ctx.addIssue({ code: 'custom', path: ['ignore'], message: 'ignore is only allowed with status IGNORED' });
  });

export const bulkUpdateIssuesSchema = z.object({
  ids: z
    .array(z.string().min(1, 'Issue id must not be empty'), { message: 'ids must be an array of issue ids' })
    .min(1, 'Give at least one issue id')
    .max(100, 'At most 100 issue ids at a time'),
  status,
});

/** A member (`assigneeId`) or a team of the organization (`teamId`, #49), exactly one of them; null unassigns. */
export const assignIssueSchema = z
  .object({
    assigneeId: z.string().min(1, 'assigneeId must be a user id or null').nullable().optional(),
    teamId: z.string().min(1, 'teamId must be a team id or null').nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const given = [v.assigneeId, v.teamId].filter((x) => x !== undefined).length;
    if (given === 0) ctx.addIssue({ code: 'custom', path: ['assigneeId'], message: 'Give assigneeId or teamId' });
    if (given === 2) ctx.addIssue({ code: 'custom', path: ['teamId'], message: 'Give assigneeId or teamId, not both' });
  })
  .transform((v) =>
    v.teamId !== undefined
      ? { kind: 'team' as const, id: v.teamId }
      : { kind: 'user' as const, id: v.assigneeId ?? null },
  );
export type AssignIssueInput = z.infer<typeof assignIssueSchema>;

const commentBody = z
  .string()
  .trim()
  .min(1, 'Comment must not be empty')
  .max(10_000, 'Comment must be at most 10000 characters');
export const commentSchema = z.object({ body: commentBody });
export const commentParams = issueParams.extend({ commentId: z.string().min(1) });

export const issueStatsQuery = z.object({ days: clampedInt(14, 1, 90) });

/** What the list reads; callers other than the route (benches) may leave the search out. */
export type ListIssuesQuery = Omit<z.infer<typeof listIssuesQuery>, 'query'> & {
  query?: z.infer<typeof listIssuesQuery>['query'];
};
export type UpdateIssueInput = z.infer<typeof updateIssueSchema>;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];
export type BulkUpdateIssuesInput = z.infer<typeof bulkUpdateIssuesSchema>;

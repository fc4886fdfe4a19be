import { z } from 'zod';
import { clampedInt, lenientEnum, paginationQuery } from '@/lib/http/query';

export const ISSUE_STATUSES = ['UNRESOLVED', 'RESOLVED', 'IGNORED'] as const;
export const LEVELS = ['FATAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG'] as const;

export type IssueStatusValue = (typeof ISSUE_STATUSES)[number];
export type LevelValue = (typeof LEVELS)[number];

export const issueParams = z.object({ projectId: z.string().min(1), issueId: z.string().min(1) });
export const eventParams = issueParams.extend({ eventId: z.string().min(1) });

export const ASSIGNEE_FILTERS = ['me', 'none'] as const;

/** page/limit clamped; an unknown status, level or assignee filter is dropped, so that filter is not applied. */
export const listIssuesQuery = paginationQuery.extend({
  status: lenientEnum(ISSUE_STATUSES),
  level: lenientEnum(LEVELS),
  assignee: lenientEnum(ASSIGNEE_FILTERS),
  expand: lenientEnum(['assignee']),
});

/** `expand=assignee` adds the assignee to the issue; without it the spec's shape is unchanged. */
export const getIssueQuery = z.object({ expand: lenientEnum(['assignee']) });

export const listEventsQuery = paginationQuery;

const status = z.enum(ISSUE_STATUSES, { message: 'Status must be one of UNRESOLVED, RESOLVED, IGNORED' });

/** Beside `status: RESOLVED`: stay resolved until an event of a release newer than the project's latest one arrives. */
export const RESOLVE_IN = ['nextRelease'] as const;
export type ResolveIn = (typeof RESOLVE_IN)[number];

/** The spec's body (`status`), plus the optional `resolveIn`. */
export const updateIssueSchema = z
  .object({ status, resolveIn: z.enum(RESOLVE_IN, { message: 'resolveIn must be nextRelease' }).optional() })
  .superRefine((v, ctx) => {
    if (v.resolveIn && v.status !== 'RESOLVED') ctx.addIssue({ code: 'custom', path: ['resolveIn'], message: 'resolveIn is only allowed with status RESOLVED' });
  });

export const bulkUpdateIssuesSchema = z.object({
  ids: z
    .array(z.string().min(1, 'Issue id must not be empty'), { message: 'ids must be an array of issue ids' })
    .min(1, 'Give at least one issue id')
    .max(100, 'At most 100 issue ids at a time'),
  status,
});

export const assignIssueSchema = z.object({
  assigneeId: z.string().min(1, 'assigneeId must be a user id or null').nullable(),
});

const commentBody = z.string().trim().min(1, 'Comment must not be empty').max(10_000, 'Comment must be at most 10000 characters');
export const commentSchema = z.object({ body: commentBody });
export const commentParams = issueParams.extend({ commentId: z.string().min(1) });

export const issueStatsQuery = z.object({ days: clampedInt(14, 1, 90) });

export type ListIssuesQuery = z.infer<typeof listIssuesQuery>;
export type UpdateIssueInput = z.infer<typeof updateIssueSchema>;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];
export type BulkUpdateIssuesInput = z.infer<typeof bulkUpdateIssuesSchema>;

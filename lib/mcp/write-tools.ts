// The MCP tools that change an issue, only for a token with the write scope (lib/mcp/context.ts refuses the rest
// before anything is read): resolve_issue and assign_issue make the change /api/0's issue PUT makes
// (lib/sentry-api/mutate-issues.ts, with its activity and workflow events); comment_on_issue writes the comment the
// dashboard writes, as the token's owner.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { createComment } from '@/lib/issues/comments';
import { findIssue, type FoundIssue } from '@/lib/sentry-api/find-issues';
import { readChanges } from '@/lib/sentry-api/issue-changes';
import { mutateIssues } from '@/lib/sentry-api/mutate-issues';
import { issuePermalink } from '@/lib/sentry-api/serialize-issue';
import { commentSchema } from '@/lib/zod/issues';
import { addTool, type McpContext } from './context';
import { issueRef } from './issue-tools';

type Changes = Parameters<typeof readChanges>[1];

async function change(ctx: McpContext, ref: string, body: Changes): Promise<FoundIssue> {
  const issue = await findIssue(ctx.tenant.orgId, ref);
  const changes = await readChanges(ctx.tenant.orgId, body);
  await mutateIssues({ tenant: ctx.tenant, personId: ctx.personId }, [issue], { ...changes, single: true });
  return issue;
}

async function resolveIssue(ctx: McpContext, args: { issue: string; in_next_release?: boolean }) {
  const issue = await change(
    ctx,
    args.issue,
    args.in_next_release ? { status: 'resolvedInNextRelease' } : { status: 'resolved' },
  );
  const how = args.in_next_release ? 'resolved in the next release' : 'resolved';
  return `${args.issue} is now ${how}. A new event reopens it as a regression. ${issuePermalink(issue)}`;
}

/**
 * Who an assignment names, in Sentry's `assignedTo` (a member's email or `user:<id>`, `team:<id>`), plus `me` (the
 * token's owner) and `#team-slug`; empty unassigns.
 */
async function assigneeOf(ctx: McpContext, to: string): Promise<string | null> {
  const v = to.trim();
  if (v === '' || v.toLowerCase() === 'nobody') return null;
  if (v.toLowerCase() === 'me') {
    if (!ctx.personId) throw new AppError('BAD_REQUEST', 'This token has no owner to assign to: name a member');
    return `user:${ctx.personId}`;
  }
  const slug = /^#(.+)$/.exec(v)?.[1] ?? /^team:(.+)$/.exec(v)?.[1];
  if (slug) {
    const team = await db.team.findFirst({
      where: { orgId: ctx.tenant.orgId, OR: [{ slug }, { id: slug }] },
      select: { id: true },
    });
    if (!team) throw new AppError('BAD_REQUEST', `No team "${slug}" in this organization`);
    return `team:${team.id}`;
  }
  return v;
}

async function assignIssue(ctx: McpContext, args: { issue: string; assignee: string }) {
  const assignedTo = await assigneeOf(ctx, args.assignee);
  const issue = await change(ctx, args.issue, { assignedTo });
  return `${args.issue} is now ${assignedTo === null ? 'unassigned' : `assigned to ${args.assignee}`}. ${issuePermalink(issue)}`;
}

async function commentOnIssue(ctx: McpContext, args: { issue: string; text: string }) {
  const issue = await findIssue(ctx.tenant.orgId, args.issue);
  const comment = await createComment(
    { ...ctx.tenant, userId: ctx.personId, projectId: issue.projectId },
    issue.id,
    args.text,
  );
  return `Comment ${comment.id} added to ${args.issue}. ${issuePermalink(issue)}`;
}

export function registerWriteTools(server: McpServer, ctx: McpContext): void {
  addTool(server, ctx, {
    name: 'resolve_issue',
    description:
      'Resolve an issue (needs a token with the write scope). in_next_release: resolved by the next release instead of now.',
    input: { issue: issueRef, in_next_release: z.boolean().optional() },
    writes: true,
    run: resolveIssue,
  });
  addTool(server, ctx, {
    name: 'assign_issue',
    description:
      'Assign an issue (needs the write scope) to "me" (the token\'s owner), a member\'s email, "user:<id>", "#team-slug" or "team:<id>"; "" or "nobody" unassigns.',
    input: { issue: issueRef, assignee: z.string().max(320) },
    writes: true,
    run: assignIssue,
  });
  addTool(server, ctx, {
    name: 'comment_on_issue',
    description: "Add a comment to an issue's activity (needs the write scope), written as the token's owner.",
    input: { issue: issueRef, text: commentSchema.shape.body.describe('The comment, as plain text') },
    writes: true,
    run: commentOnIssue,
  });
}

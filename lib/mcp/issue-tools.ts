// The MCP tools that read issues and events: find_issues (our search syntax, as /api/0's issue list reads it),
// get_issue (the issue with its latest event, suspect commits and owners) and get_event. Each reads through the
// domain code /api/0 answers with (lib/sentry-api), within the token's organization.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { db } from '@/lib/db';
import { eventsByClientId } from '@/lib/events/by-client-id';
import { env } from '@/lib/env';
import { ownerMatchesOfIssue } from '@/lib/ownership/owners-of';
import { findIssue } from '@/lib/sentry-api/find-issues';
import { sentryIssueDetails } from '@/lib/sentry-api/issue-details';
import { issueEvent, projectEvent } from '@/lib/sentry-api/issue-events';
import { issueListRequest } from '@/lib/sentry-api/issue-list-request';
import { sentryNotFound } from '@/lib/sentry-api/org';
import { projectBySlug } from '@/lib/sentry-api/projects';
import { suspectCommits } from '@/lib/suspect-commits/suspect-commits';
import { sentryIssueListQuery } from '@/lib/zod/sentry-api';
import { addTool, type McpContext } from './context';
import { dashboardUrl, eventText, issueBlock, issueLine } from './format';

type Json = Record<string, unknown>;

export const issueRef = z
  .string()
  .min(1)
  .max(220)
  .describe('The issue: its short id as the dashboard shows it (e.g. "SHOP-1A") or its number');
const projectSlug = z.string().min(1).max(200).describe('A project slug (as in the dashboard URL) or its number');

async function findIssues(
  ctx: McpContext,
  args: { query?: string; project?: string; period?: string; sort?: string; limit?: number },
) {
  const project = args.project ? [(await projectBySlug(ctx.tenant.orgId, args.project)).number] : [];
  const q = sentryIssueListQuery.parse({
    query: args.query ?? 'is:unresolved',
    statsPeriod: args.period ?? '14d',
    sort: args.sort,
    limit: String(args.limit ?? 10),
    project: project.map(String),
    groupStatsPeriod: '',
  });
  const { data, headers } = await issueListRequest({ orgId: ctx.tenant.orgId, userId: ctx.personId }, q, {
    kind: 'organization',
    url: `${env.appUrl}/mcp`,
  });
  if (data.length === 0) return `No issues match "${q.query}" in the last ${q.statsPeriod}.`;
  const hits = headers['X-Hits'];
  const head = hits
    ? `${hits === '1000' ? '1000 or more' : hits} issues match "${q.query}" (last ${q.statsPeriod}); showing ${data.length}:`
    : `Direct hit for "${q.query}":`;
  return [head, ...(data as Json[]).map(issueLine), '', 'Call get_issue with a short id for its stack trace.'].join(
    '\n',
  );
}

async function ownersText(issueId: string): Promise<string> {
  const matches = await ownerMatchesOfIssue(issueId);
  if (matches.length === 0) return 'Owners: none (no ownership rule or CODEOWNERS entry matches the latest event)';
  const userIds = matches.flatMap((m) => (m.owner.type === 'user' ? [m.owner.userId] : []));
  const teamIds = matches.flatMap((m) => (m.owner.type === 'team' ? [m.owner.teamId] : []));
  const [users, teams] = await Promise.all([
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } }),
    db.team.findMany({ where: { id: { in: teamIds } }, select: { id: true, slug: true } }),
  ]);
  const name = (o: (typeof matches)[number]['owner']) =>
    o.type === 'user'
      ? (users.find((u) => u.id === o.userId)?.email ?? o.userId)
      : `#${teams.find((t) => t.id === o.teamId)?.slug ?? o.teamId}`;
  return ['Owners:', ...matches.map((m) => `- ${name(m.owner)} (${m.source} rule: ${m.rule})`)].join('\n');
}

async function suspectsText(issueId: string): Promise<string> {
  const s = await suspectCommits(issueId);
  if (s.suspects.length === 0)
    return `Suspect commits: none (${s.reason ? s.reason.toLowerCase().replace(/_/g, ' ') : 'no match'})`;
  return [
    'Suspect commits:',
    ...s.suspects.map(
      (c) =>
        `- ${c.sha.slice(0, 12)} ${c.message?.split('\n')[0] ?? ''} — ${c.authorName ?? c.authorEmail ?? 'unknown'}, ${c.file.path} (release ${c.release})`,
    ),
  ].join('\n');
}

/**
 * The dashboard's page of an event Sentry's JSON names by the SDK's id (else ours without dashes): the page takes our
 * row's id, found through the SDK's id (lib/events/by-client-id.ts) or read back from ours.
 */
async function eventLink(issue: { projectId: string; id: string }, sentryId: string): Promise<string> {
  const [known] = await eventsByClientId(issue.projectId, [sentryId], { id: true, issueId: true });
  const uuid = sentryId.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
  const rowId =
    known?.issueId === issue.id
      ? known.id
      : (await db.event.findFirst({ where: { id: uuid, issueId: issue.id }, select: { id: true } }))?.id;
  return rowId
    ? dashboardUrl(`/projects/${issue.projectId}/issues/${issue.id}/events/${rowId}`)
    : dashboardUrl(`/projects/${issue.projectId}/issues/${issue.id}`);
}

async function getIssue(ctx: McpContext, args: { issue: string }) {
  const found = await findIssue(ctx.tenant.orgId, args.issue);
  const [details, latest, suspects, owners] = await Promise.all([
    sentryIssueDetails(found.id, { orgId: ctx.tenant.orgId, userId: ctx.personId }),
    issueEvent(found.id, 'latest').catch(() => null),
    suspectsText(found.id),
    ownersText(found.id),
  ]);
  return [
    issueBlock(details as unknown as Json),
    suspects,
    owners,
    '',
    latest
      ? `Latest event:\n${eventText(latest as unknown as Json, await eventLink(found, latest.id))}`
      : 'No event is stored for this issue.',
  ].join('\n');
}

async function getEvent(ctx: McpContext, args: { event_id: string; project?: string }) {
  const projects = args.project
    ? [await projectBySlug(ctx.tenant.orgId, args.project)]
    : await db.project.findMany({ where: { orgId: ctx.tenant.orgId }, select: { id: true, slug: true } });
  for (const p of projects) {
    const event = await projectEvent(p.id, args.event_id).catch(() => null);
    if (!event) continue;
    const issue = await db.issue.findFirst({
      where: { projectId: p.id, number: BigInt(event.groupID) },
      select: { id: true },
    });
    return eventText(
      event as unknown as Json,
      issue ? await eventLink({ projectId: p.id, id: issue.id }, event.id) : null,
    );
  }
  throw sentryNotFound();
}

export function registerIssueTools(server: McpServer, ctx: McpContext): void {
  addTool(server, ctx, {
    name: 'find_issues',
    description:
      'Search the organization\'s issues with the dashboard\'s search syntax (e.g. "is:unresolved level:error TypeError", "release:1.2.0", "assigned:me", "user:ada@example.com"). Answers one line per issue with its short id and dashboard link.',
    input: {
      query: z.string().max(1000).optional().describe('Search, default "is:unresolved"; "" lists every issue'),
      project: projectSlug.optional(),
      period: z.string().max(16).optional().describe('How far back the issue was seen: 1h, 24h, 14d (default), 90d'),
      sort: z
        .enum(['date', 'new', 'freq', 'user'])
        .optional()
        .describe('last seen (default), first seen, events, users'),
      limit: z.number().int().min(1).max(100).optional().describe('At most this many issues (default 10)'),
    },
    run: findIssues,
  });
  addTool(server, ctx, {
    name: 'get_issue',
    description:
      'An issue with its latest event: the exception and stack trace (most recent call last) with source lines, breadcrumbs, tags, request, suspect commits and owners, with dashboard links.',
    input: { issue: issueRef },
    run: getIssue,
  });
  addTool(server, ctx, {
    name: 'get_event',
    description:
      'One event by its id (the 32-hex event_id an SDK returns), with its stack trace, breadcrumbs and tags.',
    input: {
      event_id: z.string().min(1).max(64).describe('The event id'),
      project: projectSlug.optional().describe('The project to look in (default: every project)'),
    },
    run: getEvent,
  });
}

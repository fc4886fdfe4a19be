// The MCP tools that search what the SDKs sent besides issues: error events, spans and log lines (the datasets
// /api/0's events endpoint reads, lib/sentry-api/discover.ts) and one trace as a tree (lib/sentry-api/trace.ts).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { db } from '@/lib/db';
import { discover } from '@/lib/sentry-api/discover';
import { sentryTrace } from '@/lib/sentry-api/trace';
import { addTool, type McpContext } from './context';
import { dashboardUrl, rowsText } from './format';

type Json = Record<string, unknown>;

/** The fields each search answers: what a model needs to pick the next call (an issue, a trace). */
const FIELDS = {
  errors: ['timestamp', 'issue', 'title', 'level', 'culprit', 'environment', 'release', 'trace', 'id'],
  spans: ['timestamp', 'span.op', 'span.description', 'span.duration', 'span.status', 'transaction', 'trace'],
  logs: ['timestamp', 'severity', 'message', 'project', 'trace'],
} as const;
type Dataset = keyof typeof FIELDS;

const searchInput = (example: string) => ({
  query: z.string().max(1000).optional().describe(`Search terms, key:value or free text, e.g. ${example}`),
  project: z.string().min(1).max(200).optional().describe('A project slug (default: every project)'),
  period: z.string().max(16).optional().describe('How far back: 1h, 24h, 14d …'),
  sort: z.string().max(64).optional().describe('-timestamp (newest first, default) or timestamp'),
  limit: z.number().int().min(1).max(100).optional().describe('At most this many rows (default 25)'),
});
type SearchArgs = { query?: string; project?: string; period?: string; sort?: string; limit?: number };

async function search(ctx: McpContext, dataset: Dataset, args: SearchArgs): Promise<string> {
  const projects = await db.project.findMany({
    where: { orgId: ctx.tenant.orgId },
    select: { id: true, number: true, slug: true },
  });
  const query = [args.project ? `project:${JSON.stringify(args.project)}` : '', args.query ?? ''].join(' ').trim();
  const fields = [...FIELDS[dataset]];
  const { body, links } = await discover({
    dataset,
    fields,
    query,
    sort: args.sort,
    perPage: args.limit ?? 25,
    cursor: undefined,
    statsPeriod: args.period,
    start: undefined,
    end: undefined,
    projects,
  });
  const more = links.next.hasResults ? '\n(more rows match: narrow the search or raise limit)' : '';
  return `${dataset} matching "${query}":\n${rowsText(body.data as Json[], fields)}${more}`;
}

type Node = Json & { children?: Node[]; errors?: Json[] };

function nodeLines(n: Node, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  if (n.event_type === 'span')
    out.push(
      `${pad}- ${String(n.op ?? '')} ${String(n.description ?? n.transaction ?? '')} · ${String(n.duration)} ms · ${String(n.project_slug)}${n.is_transaction ? ' [transaction]' : ''}`,
    );
  else out.push(`${pad}- ERROR ${String(n.issue ?? '')} ${String(n.title)} (${String(n.project_slug)})`);
  for (const e of n.errors ?? []) out.push(`${pad}  ! ERROR ${String(e.issue ?? '')} ${String(e.title)}`);
  for (const c of n.children ?? []) nodeLines(c, depth + 1, out);
}

const MAX_TRACE_LINES = 200;

async function getTrace(ctx: McpContext, args: { trace_id: string }): Promise<string> {
  const roots = (await sentryTrace(ctx.tenant, args.trace_id.toLowerCase())) as Node[];
  const lines: string[] = [];
  for (const r of roots) nodeLines(r, 0, lines);
  const shown = lines.slice(0, MAX_TRACE_LINES);
  return [
    `Trace ${args.trace_id} (${dashboardUrl(`/traces/${args.trace_id.toLowerCase()}`)}):`,
    ...(shown.length ? shown : ['No spans or errors are stored for this trace.']),
    ...(lines.length > shown.length ? [`… ${lines.length - shown.length} more lines`] : []),
  ].join('\n');
}

export function registerSearchTools(server: McpServer, ctx: McpContext): void {
  addTool(server, ctx, {
    name: 'search_events',
    description:
      'Search error events (one row each: time, issue short id, title, level, culprit, environment, release, trace id). Keys: level, environment, release, issue, trace, transaction, user.email …',
    input: searchInput('"level:error environment:production Card declined"'),
    run: (ctx, args) => search(ctx, 'errors', args),
  });
  addTool(server, ctx, {
    name: 'search_spans',
    description:
      'Search spans (time, op, description, duration in ms, status, transaction, trace id). Sort by -span.duration for the slowest.',
    input: searchInput('"span.op:db transaction:\\"POST /checkout\\""'),
    run: (ctx, args) => search(ctx, 'spans', args),
  });
  addTool(server, ctx, {
    name: 'search_logs',
    description: 'Search log lines (time, severity, message, project, trace id).',
    input: searchInput('"severity:error timeout"'),
    run: (ctx, args) => search(ctx, 'logs', args),
  });
  addTool(server, ctx, {
    name: 'get_trace',
    description: 'One trace as a tree of spans with the errors that happened in them, with its dashboard link.',
    input: {
      trace_id: z
        .string()
        .regex(/^[0-9a-fA-F]{32}$/, 'a trace id is 32 hex characters')
        .describe('Trace id'),
    },
    run: getTrace,
  });
}

// The MCP tool that names a project's slowest functions from its profiles (the profiling page's own read,
// lib/profiles/profile-api.ts, from the hourly rollups the writer keeps).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { functionsQuery, slowestFunctions } from '@/lib/profiles/profile-api';
import { projectBySlug } from '@/lib/sentry-api/projects';
import { addTool, type McpContext } from './context';
import { dashboardUrl } from './format';

type Args = {
  project: string;
  days?: number;
  sort?: 'self' | 'total' | 'p75' | 'count';
  in_app?: boolean;
  limit?: number;
};

async function slowest(ctx: McpContext, args: Args): Promise<string> {
  const project = await projectBySlug(ctx.tenant.orgId, args.project);
  const q = functionsQuery.parse({
    days: String(args.days ?? 7),
    limit: String(args.limit ?? 15),
    sort: args.sort ?? 'self',
    inApp: args.in_app === undefined ? undefined : String(args.in_app),
  });
  const { functions } = await slowestFunctions({ ...ctx.tenant, projectId: project.id }, q);
  const link = dashboardUrl(`/projects/${project.id}/profiling`);
  if (functions.length === 0) return `No profiled functions in ${project.slug} in the last ${q.days} days. ${link}`;
  return [
    `Slowest functions of ${project.slug}, last ${q.days} days, by ${q.sort} time (ms; p75 of one call):`,
    ...functions.map(
      (f) =>
        `- ${f.name ?? '<unknown>'} (${f.file ?? f.module ?? '?'}${f.line ? `:${f.line}` : ''})${f.inApp ? ' [in app]' : ''} · self ${f.selfMs} · total ${f.totalMs} · p75 ${f.p75Ms} · ${f.count} calls`,
    ),
    `Flame graphs: ${link}`,
  ].join('\n');
}

export function registerProfileTools(server: McpServer, ctx: McpContext): void {
  addTool(server, ctx, {
    name: 'get_slowest_functions',
    description:
      "A project's slowest functions from its profiles: self and total time, the p75 of one call and the call count, slowest first.",
    input: {
      project: z.string().min(1).max(200).describe('A project slug (as in the dashboard URL) or its number'),
      days: z.number().int().min(1).max(90).optional().describe('How many days back (default 7)'),
      sort: z.enum(['self', 'total', 'p75', 'count']).optional().describe('self time (default), total, p75, calls'),
      in_app: z.boolean().optional().describe("Only the app's own functions (true) or only libraries' (false)"),
      limit: z.number().int().min(1).max(200).optional().describe('At most this many functions (default 15)'),
    },
    run: slowest,
  });
}

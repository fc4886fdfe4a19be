// The MCP tool that summarizes a session replay (the replay page's own read, lib/replays/replay-api.ts): who, where,
// how long, what they clicked and the errors it links to, with links to the player and the errors' issues.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { db } from '@/lib/db';
import { getReplay } from '@/lib/replays/replay-api';
import { sentryNotFound } from '@/lib/sentry-api/org';
import { projectBySlug } from '@/lib/sentry-api/projects';
import { addTool, type McpContext } from './context';
import { dashboardUrl } from './format';

type Replay = Awaited<ReturnType<typeof getReplay>>;
const MAX_URLS = 10;

function replayText(r: Replay, projectId: string): string {
  const errors = r.errors.map(
    (e) => `- ${e.timestamp} ${e.title} (${dashboardUrl(`/projects/${projectId}/issues/${e.issueId}`)})`,
  );
  return [
    `# Replay ${r.id}`,
    `Started ${r.startedAt} · ${(r.durationMs / 1000).toFixed(1)} s · ${r.replayType} · ${r.segmentCount} segments`,
    `User: ${r.userDisplay ?? 'unknown'} · browser ${r.browser ?? '—'} · OS ${r.os ?? '—'} · device ${r.device ?? '—'}`,
    `Release ${r.release ?? '—'} · environment ${r.environment ?? '—'} · platform ${r.platform ?? '—'}`,
    `Clicks: ${r.countClicks} (dead ${r.countDeadClicks}, rage ${r.countRageClicks}) · errors: ${r.countErrors}`,
    `Pages visited${r.urls.length > MAX_URLS ? ` (first ${MAX_URLS} of ${r.urls.length})` : ''}:`,
    ...r.urls.slice(0, MAX_URLS).map((u) => `- ${u}`),
    ...(errors.length ? ['Errors during the replay:', ...errors] : []),
    ...(r.traceIds.length ? [`Traces: ${r.traceIds.join(', ')} (get_trace reads one)`] : []),
    `Player: ${dashboardUrl(`/projects/${projectId}/replays/${r.id}`)}`,
  ].join('\n');
}

async function getReplaySummary(ctx: McpContext, args: { replay_id: string; project?: string }): Promise<string> {
  const id = args.replay_id.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(id)) throw sentryNotFound();
  const projects = args.project
    ? [await projectBySlug(ctx.tenant.orgId, args.project)]
    : await db.project.findMany({ where: { orgId: ctx.tenant.orgId }, select: { id: true } });
  for (const p of projects) {
    const replay = await getReplay({ ...ctx.tenant, projectId: p.id }, id).catch(() => null);
    if (replay) return replayText(replay, p.id);
  }
  throw sentryNotFound();
}

export function registerReplayTools(server: McpServer, ctx: McpContext): void {
  addTool(server, ctx, {
    name: 'get_replay',
    description:
      "A session replay's summary: the user, browser, release, duration, pages visited, clicks (dead and rage), the errors it links to and the player's link.",
    input: {
      replay_id: z.string().min(1).max(64).describe('The replay id (32 hex characters, as the SDK sets it)'),
      project: z.string().min(1).max(200).optional().describe('The project to look in (default: every project)'),
    },
    run: getReplaySummary,
  });
}

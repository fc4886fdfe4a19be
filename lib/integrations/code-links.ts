// Links to the code (#64): each in-app frame of an event to its file and line in the repository its code mapping
// names, at the commit of the event's release in that repository (the release's commits, lib/releases) or else the
// mapping's default branch; and each suspect commit to its page on the provider.
import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { suspectCommitsFor } from '@/lib/suspect-commits/suspect-commits';
import { mapFrame } from './frame-paths';
import { providerOf } from './registry';
import { describeProject } from './serialize';

type Frame = { abs_path?: string; filename?: string; lineno?: number; in_app?: boolean };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function framesOf(stacktrace: unknown): Frame[] {
  if (!isObject(stacktrace) || !Array.isArray(stacktrace.frames)) return [];
  return stacktrace.frames.map((f) => (isObject(f) ? (f as Frame) : {}));
}

/** The project's mappings with their repository integration's code links. */
async function mappingsOf(projectId: string) {
  const rows = await db.codeMapping.findMany({
    where: { projectId },
    select: {
      stackRoot: true,
      sourceRoot: true,
      repository: true,
      defaultBranch: true,
      integration: { select: { provider: true, config: true } },
    },
  });
  return rows.flatMap((r) => {
    const provider = providerOf(r.integration.provider);
    if (!provider?.code) return [];
    const config = provider.config.safeParse(r.integration.config);
    return config.success ? [{ ...r, code: provider.code, config: config.data }] : [];
  });
}

/** The newest commit of the release in each repository (sentry-cli set-commits sends them newest first). */
async function releaseCommits(projectId: string, version: string | null): Promise<Map<string, string>> {
  if (!version) return new Map();
  const rows = await db.releaseCommit.findMany({
    where: { release: { projectId, version } },
    orderBy: { position: 'asc' },
    select: { sha: true, repository: true },
  });
  const out = new Map<string, string>();
  for (const r of rows)
    if (r.repository && !out.has(r.repository.toLowerCase())) out.set(r.repository.toLowerCase(), r.sha);
  return out;
}

export type SourceLink = {
  exception: number;
  frame: number;
  url: string;
  repository: string;
  path: string;
  ref: string;
};

/** The links of one event's frames: `exception` 0 is the thrown exception's stack, 1… its causes'. */
export async function sourceLinks(t: ProjectTenant, a: { issueId: string; eventId: string }) {
  const event = await db.event.findFirst({
    where: { id: a.eventId, issueId: a.issueId, projectId: t.projectId, issue: { project: { orgId: t.orgId } } },
    select: { stacktrace: true, details: true, release: true },
  });
  if (!event) throw notFound('Event');
  const mappings = await mappingsOf(t.projectId);
  if (!mappings.length) return { links: [] as SourceLink[], release: event.release, mapped: false };
  const commits = await releaseCommits(t.projectId, event.release);
  const causes = isObject(event.details) && Array.isArray(event.details.causes) ? event.details.causes : [];
  const stacks = [framesOf(event.stacktrace), ...causes.map((c) => framesOf(isObject(c) ? c.stacktrace : null))];
  const links: SourceLink[] = [];
  stacks.forEach((frames, exception) => {
    // Frames marked in-app; when the SDK marked none, every frame (our native envelope does not mark them).
    const marked = frames.some((f) => f.in_app === true);
    frames.forEach((f, frame) => {
      if (marked ? f.in_app !== true : f.in_app === false) return;
      const hit = mapFrame(f, mappings);
      if (!hit) return;
      const m = hit.mapping;
      const ref = commits.get(m.repository.toLowerCase()) ?? m.defaultBranch;
      const line = typeof f.lineno === 'number' ? f.lineno : null;
      links.push({
        exception,
        frame,
        url: m.code.fileUrl(m.config as never, { repository: m.repository, ref, path: hit.path, line }),
        repository: m.repository,
        path: hit.path,
        ref,
      });
    });
  });
  return { links, release: event.release, mapped: true };
}

/** The repositories the project's code mappings and its repository integrations' settings name. */
async function repositoriesOf(projectId: string) {
  const settings = await db.integrationProject.findMany({
    where: { projectId },
    select: { config: true, integration: { select: { provider: true, config: true } } },
  });
  const fromSettings = settings.flatMap((r) => {
    const provider = providerOf(r.integration.provider);
    const config = provider?.config.safeParse(r.integration.config);
    if (!provider?.code || !config?.success) return [];
    return [{ repository: describeProject(provider, r.config), code: provider.code, config: config.data }];
  });
  return [...(await mappingsOf(projectId)), ...fromSettings];
}

/**
 * The issue's suspect commits, each with its page on the provider when a code mapping or a repository integration's
 * project settings name its repository.
 */
export async function suspectCommitsWithLinks(t: ProjectTenant, issueId: string) {
  const found = await suspectCommitsFor(t, issueId);
  const mappings = found.suspects.length ? await repositoriesOf(t.projectId) : [];
  return {
    ...found,
    suspects: found.suspects.map((s) => {
      const m = s.repository
        ? mappings.find((x) => x.repository.toLowerCase() === s.repository!.toLowerCase())
        : undefined;
      return m ? { ...s, url: m.code.commitUrl(m.config as never, { repository: m.repository, sha: s.sha }) } : s;
    }),
  };
}

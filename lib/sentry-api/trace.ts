// Sentry's trace endpoint (`GET /organizations/{org}/trace/{trace_id}/`): the trace's spans as a tree of nodes (each
// with its children and the errors that happened in it), from the trace view's own read (lib/traces/trace-api.ts).
// An error whose span is not stored is a node of its own at the top, as Sentry shows orphan errors.
import { db } from '@/lib/db';
import { getTrace } from '@/lib/traces/trace-api';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { shortIdOf } from './ids';
import { sentryNotFound } from './org';
import { sentryEventId } from './serialize-event';

type Trace = Awaited<ReturnType<typeof getTrace>>;
type SpanNode = ReturnType<typeof spanNode> & { children: SpanNode[] };

function spanNode(s: Trace['spans'][number], project: { number: number; slug: string }) {
  const start = Date.parse(s.start);
  const sdk = (s.data?.['sentry.sdk.name'] as string | undefined) ?? '';
  return {
    event_id: s.spanId,
    event_type: 'span',
    transaction_id: s.segmentId,
    project_id: project.number,
    project_slug: project.slug,
    transaction: s.transaction,
    description: s.description,
    op: s.op,
    name: s.op,
    parent_span_id: s.parentSpanId,
    profile_id: '',
    profiler_id: '',
    sdk_name: sdk,
    is_transaction: s.isSegment,
    start_timestamp: new Date(start).toISOString(),
    end_timestamp: new Date(start + s.durationMs).toISOString(),
    duration: s.durationMs,
    measurements: {},
    errors: [] as unknown[],
    occurrences: [] as unknown[],
  };
}

export async function sentryTrace(tenant: OrgTenant, traceId: string) {
  const trace = await getTrace(tenant, traceId).catch(() => {
    throw sentryNotFound();
  });
  const projects = new Map(
    (await db.project.findMany({ where: { orgId: tenant.orgId }, select: { id: true, number: true, slug: true } })).map(
      (p) => [p.id, p],
    ),
  );
  const events = await db.event.findMany({
    where: { id: { in: trace.errors.map((e) => e.id as string) }, projectId: { in: [...projects.keys()] } },
    select: { id: true, eventId: true, issue: { select: { number: true, culprit: true } } },
  });
  const byId = new Map(events.map((e) => [e.id, e]));
  const nodes = new Map<string, SpanNode>();
  for (const s of trace.spans) nodes.set(s.spanId, { ...spanNode(s, projects.get(s.projectId)!), children: [] });
  const roots: unknown[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_span_id ? nodes.get(node.parent_span_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  for (const e of trace.errors) {
    const project = projects.get(e.projectId as string)!;
    const event = byId.get(e.id as string);
    const error = {
      event_id: sentryEventId({ id: e.id as string, eventId: event?.eventId ?? null }),
      event_type: 'error',
      issue_id: event ? Number(event.issue.number) : null,
      issue: event ? shortIdOf(project.slug, event.issue.number) : null,
      project_id: project.number,
      project_slug: project.slug,
      title: e.title,
      description: e.title,
      level: String(e.level).toLowerCase(),
      culprit: event?.issue.culprit ?? null,
      start_timestamp: e.timestamp,
      timestamp: e.timestamp,
    };
    const span = e.spanId ? nodes.get(e.spanId as string) : undefined;
    if (span) span.errors.push(error);
    else roots.push({ ...error, children: [], errors: [], occurrences: [] });
  }
  return roots;
}

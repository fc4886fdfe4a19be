// #63: the MCP server at /mcp, driven by the real MCP client of @modelcontextprotocol/sdk (Streamable HTTP) against
// the route handler. The real @sentry/node 11 sends a shop's checkout error (tests/support/sentry-api-sdks/shop.mjs);
// the client lists the tools, finds the issue, reads its stack trace (innermost last, with source lines),
// breadcrumbs and tags, searches events, spans and log lines, reads the trace; a read-only token is refused every
// change and nothing changes; a write token resolves, assigns and comments; another organization's token sees and
// changes nothing; no token is a 401 with WWW-Authenticate; every call is in the audit log. (HTTP refusals:
// mcp-http.test.ts.)
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { shortIdOf } from '@/lib/sentry-api/ids';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { callTool as call, closeMcpClients, connectMcp as connect } from '../support/mcp';
import { snapshot } from '../support/sentry-api-orgs';
import { createToken } from '../support/tokens';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
let server: Awaited<ReturnType<typeof startSentryServer>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: Awaited<ReturnType<typeof createProject>>;
let sent: { traceId: string; error: string; message: string };
let issue: { id: string; number: bigint; shortId: string };
let tokens: { write: string; read: string; other: string; otherId: string };
beforeAll(async () => {
  server = await startSentryServer();
  owner = await signUp({ name: 'Ada Shop' });
  project = await createProject(owner.client, 'Shop', 'node');
  const dsn = server.dsn((project.keys[0] as unknown as { sentryDsn: string }).sentryDsn);
  const script = path.join(import.meta.dirname, '../support/sentry-api-sdks/shop.mjs');
  const { stdout } = await run(process.execPath, [script, dsn], { timeout: 60_000 });
  const lines = stdout.trim().split('\n');
  expect(lines.at(-1), stdout).toBe('sent');
  sent = JSON.parse(lines.at(-2)!);
  const row = await db.issue.findFirstOrThrow({ where: { projectId: project.id, title: { startsWith: 'TypeError' } } });
  issue = { id: row.id, number: row.number, shortId: shortIdOf(project.slug, row.number) };
  const other = await signUp({ name: 'Bolt' });
  await createProject(other.client, 'Bolt shop', 'node');
  const otherToken = await createToken(other.client, ['read', 'write']);
  tokens = {
    write: (await createToken(owner.client, ['read', 'write'], 'agent')).token,
    read: (await createToken(owner.client, ['read'], 'reader')).token,
    other: otherToken.token,
    otherId: otherToken.id,
  };
}, 120_000);

afterAll(async () => {
  await closeMcpClients();
  await server.close();
});

describe('reading', () => {
  it('lists the tools', async () => {
    const client = await connect(tokens.read);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'assign_issue',
      'comment_on_issue',
      'find_issues',
      'get_event',
      'get_issue',
      'get_replay',
      'get_slowest_functions',
      'get_trace',
      'resolve_issue',
      'search_events',
      'search_logs',
      'search_spans',
    ]);
    expect(tools.find((t) => t.name === 'resolve_issue')!.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((t) => t.name === 'get_issue')!.inputSchema.required).toEqual(['issue']);
  });

  it('finds the issue @sentry/node sent, with our search syntax, and reads its stack trace innermost last', async () => {
    const client = await connect(tokens.read);
    const found = await call(client, 'find_issues', { query: 'is:unresolved Card declined', project: project.slug });
    expect(found.isError).toBe(false);
    expect(found.text).toContain(`- ${issue.shortId} [error, unresolved] TypeError: Card declined for order A-17`);
    expect(found.text).toContain(`/projects/${project.id}/issues/${issue.id}`);
    expect(found.text).not.toContain('Inventory low');
    expect((await call(client, 'find_issues', { query: 'is:resolved' })).text).toMatch(/^No issues match/);

    const got = await call(client, 'get_issue', { issue: issue.shortId });
    expect(got.isError, got.text).toBe(false);
    const t = got.text;
    expect(t).toContain(`# ${issue.shortId}: TypeError: Card declined for order A-17`);
    expect(t).toContain('Stack trace (most recent call last):');
    // The throw site is the last frame, its caller above it, with the throwing line marked in its source.
    const checkout = t.indexOf('at checkout (');
    const charge = t.indexOf('at chargeCard (');
    expect(checkout).toBeGreaterThan(0);
    expect(charge).toBeGreaterThan(checkout);
    expect(t).toMatch(/> +\d+ \|\s+throw new TypeError\(`Card declined for order \$\{order\}`\);/);
    expect(t).toContain('[info] cart: Added 2 items');
    expect(t).toContain('checkout=v2');
    // Every tag on the one line (a value with a line break, as an OS name may be, is joined).
    expect(t.split('## Tags\n')[1].split('\n')[0]).toMatch(/checkout=v2.*release=shop@1\.2\.0.*user=id:u-42/);
    // The event's link opens the dashboard's event page, which takes our event's id.
    const row = await db.event.findFirstOrThrow({ where: { issueId: issue.id }, select: { id: true } });
    expect(t).toContain(`Link: ${env.appUrl}/projects/${project.id}/issues/${issue.id}/events/${row.id}`);
    expect(t).toContain('Request: POST https://shop.example/checkout');
    expect(t).toContain(`Trace: ${sent.traceId}`);
    expect(t).toContain('Suspect commits: none');
    expect(t).toContain('Owners: none');

    const event = await call(client, 'get_event', { event_id: sent.error });
    expect(event.text).toContain(`## Event ${sent.error}`);
    expect(event.text).toContain('at chargeCard (');
  });

  it('searches events, spans and log lines and reads the trace', async () => {
    const client = await connect(tokens.read);
    const events = await call(client, 'search_events', { query: 'level:error', period: '24h' });
    expect(events.text).toContain(`issue=${issue.shortId}`);
    expect(events.text).toContain(`trace=${sent.traceId}`);
    const spans = await call(client, 'search_spans', { query: 'span.op:http.server' });
    expect(spans.text).toContain('span.description=POST /checkout');
    const logs = await call(client, 'search_logs', { query: 'Charging' });
    expect(logs.text).toContain('message=Charging card');
    const trace = await call(client, 'get_trace', { trace_id: sent.traceId });
    expect(trace.text).toContain(`/traces/${sent.traceId}`);
    expect(trace.text).toMatch(/- http\.server POST \/checkout · \d+(\.\d+)? ms · shop \[transaction\]/);
    expect(trace.text).toMatch(new RegExp(`[!-] ERROR ${issue.shortId} TypeError: Card declined`));
    const bad = await call(client, 'search_spans', { query: 'nosuchkey:1' });
    expect(bad).toEqual({
      isError: true,
      text: 'Error: "nosuchkey:" is not a search key of this dataset (docs/api-compat.md)',
    });
  });
});

describe('changing', () => {
  it('refuses every change to a read-only token, and nothing changes', async () => {
    const client = await connect(tokens.read);
    const before = await snapshot(project.id);
    const comments = await db.issueComment.count();
    const refusal =
      'Error: This API token lacks the "event:write" scope (a token with the "write" scope has it): nothing was changed';
    for (const [name, args] of [
      ['resolve_issue', { issue: issue.shortId }],
      ['assign_issue', { issue: issue.shortId, assignee: 'me' }],
      ['comment_on_issue', { issue: issue.shortId, text: 'on it' }],
    ] as const)
      expect(await call(client, name, args), name).toEqual({ isError: true, text: refusal });
    expect(await snapshot(project.id)).toEqual(before);
    expect(await db.issueComment.count()).toBe(comments);
  });

  it("another organization's token can neither see nor change the issue", async () => {
    const client = await connect(tokens.other);
    const before = await snapshot(project.id);
    expect((await call(client, 'find_issues', { query: '' })).text).toMatch(/^No issues match/);
    const missing = { isError: true, text: 'Error: The requested resource does not exist' };
    for (const ref of [issue.shortId, String(issue.number)]) {
      expect(await call(client, 'get_issue', { issue: ref })).toEqual(missing);
      expect(await call(client, 'resolve_issue', { issue: ref })).toEqual(missing);
      expect(await call(client, 'assign_issue', { issue: ref, assignee: 'me' })).toEqual(missing);
      expect(await call(client, 'comment_on_issue', { issue: ref, text: 'mine now' })).toEqual(missing);
    }
    expect(await call(client, 'get_event', { event_id: sent.error })).toEqual(missing);
    expect((await call(client, 'search_events', { query: '' })).text).toContain('No results.');
    expect((await call(client, 'get_trace', { trace_id: sent.traceId })).text).not.toContain('checkout');
    expect(await snapshot(project.id)).toEqual(before);
    expect(await db.issueComment.count({ where: { issueId: issue.id } })).toBe(0);
  });

  it('resolves, assigns and comments with a write token', async () => {
    const client = await connect(tokens.write);
    const resolved = await call(client, 'resolve_issue', { issue: issue.shortId });
    expect(resolved.text).toContain(`${issue.shortId} is now resolved.`);
    expect((await db.issue.findUniqueOrThrow({ where: { id: issue.id } })).status).toBe('RESOLVED');
    const assigned = await call(client, 'assign_issue', { issue: issue.shortId, assignee: 'me' });
    expect(assigned.text).toContain('is now assigned to me');
    expect((await db.issue.findUniqueOrThrow({ where: { id: issue.id } })).assigneeId).toBe(owner.user.id);
    const unknown = await call(client, 'assign_issue', { issue: issue.shortId, assignee: 'nobody@else.example' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('is not a member of this organization');
    // A control character is refused before anything is written, as the route wrapper refuses it; line breaks are text.
    expect(await call(client, 'comment_on_issue', { issue: issue.shortId, text: 'bad\u0000byte' })).toEqual({
      isError: true,
      text: 'Error: text: Must not contain control characters',
    });
    expect(await db.issueComment.count({ where: { issueId: issue.id } })).toBe(0);
    await call(client, 'comment_on_issue', { issue: issue.shortId, text: 'Fixed by retrying\nthe charge' });
    const comment = await db.issueComment.findFirstOrThrow({ where: { issueId: issue.id } });
    expect([comment.body, comment.authorId]).toEqual(['Fixed by retrying\nthe charge', owner.user.id]);
    const listed = await call(client, 'find_issues', { query: 'is:resolved' });
    expect(listed.text).toContain(`${issue.shortId} [error, resolved]`);
  });
});

describe('the audit log', () => {
  it('holds every tool call with its token, arguments and outcome', async () => {
    const rows = await db.auditLogEntry.findMany({
      where: { action: 'mcp.tool_called', orgId: owner.orgId },
      orderBy: { createdAt: 'asc' },
    });
    const of = (tool: string, outcome: string) =>
      rows.filter((r) => r.targetId === tool && (r.changes as { outcome: string }).outcome === outcome);
    expect(of('get_issue', 'ok').length).toBeGreaterThanOrEqual(1);
    expect(of('resolve_issue', 'refused')).toHaveLength(1);
    expect(of('resolve_issue', 'ok')).toHaveLength(1);
    expect(of('assign_issue', 'error')).toHaveLength(1);
    const ok = of('resolve_issue', 'ok')[0];
    expect(ok).toMatchObject({ actorType: 'token', actorLabel: 'agent', targetType: 'mcp_tool' });
    expect(ok.changes).toEqual({ arguments: { issue: issue.shortId }, outcome: 'ok' });
    expect(of('resolve_issue', 'refused')[0].actorLabel).toBe('reader');
    // A refused control character is kept in the log, replaced so that it can be stored.
    expect(of('comment_on_issue', 'error')[0].changes).toEqual({
      arguments: { issue: issue.shortId, text: 'bad\uFFFDbyte' },
      outcome: 'error',
    });
    // The other organization's calls are in its own log, not ours.
    const theirs = await db.auditLogEntry.findMany({ where: { action: 'mcp.tool_called', actorId: tokens.otherId } });
    expect(theirs.length).toBeGreaterThanOrEqual(9);
    expect(theirs.every((r) => r.orgId !== owner.orgId)).toBe(true);
  });
});

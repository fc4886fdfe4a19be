// #63: the MCP server's get_replay: a replay sent as @sentry/browser's replayIntegration sends it (with an error it
// saw) is summarized for the token's organization (user, browser, release, duration, pages, the error with its
// issue's link, the player's link); another organization's token is told it does not exist; the call is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { signUp } from '../support/accounts';
import { callTool, closeMcpClients, connectMcp } from '../support/mcp';
import { id, NOW, recording, replayEvent, setup } from '../support/replay-envelopes';
import { createToken } from '../support/tokens';

let t: Awaited<ReturnType<typeof setup>>;
const replayId = id();
const errorId = id();

beforeAll(async () => {
  t = await setup();
  const error = {
    event_id: errorId,
    timestamp: NOW / 1000,
    level: 'error',
    exception: { values: [{ type: 'TypeError', value: 'cart is undefined' }] },
    contexts: { replay: { replay_id: replayId } },
  };
  expect((await t.post({ event_id: errorId }, [{ header: { type: 'event' }, payload: error }])).status).toBe(200);
  for (const segmentId of [0, 1]) {
    const res = await t.post({ event_id: replayId }, [
      {
        header: { type: 'replay_event' },
        payload: replayEvent(replayId, segmentId, segmentId === 0 ? { error_ids: [errorId] } : {}),
      },
      {
        header: { type: 'replay_recording' },
        payload: recording(segmentId, [
          { type: 4, data: { href: 'https://shop.example/checkout', width: 1280, height: 800 }, timestamp: NOW },
        ]),
      },
    ]);
    expect(res.status, res.text).toBe(200);
  }
}, 60_000);

afterAll(closeMcpClients);

describe('get_replay', () => {
  it("summarizes a replay of the token's organization, with its error and links", async () => {
    const client = await connectMcp((await createToken(t.client, ['read'])).token);
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: t.project.id } });
    const res = await callTool(client, 'get_replay', { replay_id: replayId });
    expect(res.isError, res.text).toBe(false);
    for (const line of [
      `# Replay ${replayId}`,
      'User: ada@example.com · browser Chrome 131.0 · OS Linux · device Desktop',
      'Release shop@2.0.0 · environment production · platform javascript',
      '- https://shop.example/page-0',
      '- https://shop.example/page-1',
      `TypeError: cart is undefined (${env.appUrl}/projects/${t.project.id}/issues/${issue.id})`,
      `Player: ${env.appUrl}/projects/${t.project.id}/replays/${replayId}`,
    ])
      expect(res.text).toContain(line);
    expect(res.text).toMatch(/· 5\.0 s · session · 2 segments/);
    expect(await callTool(client, 'get_replay', { replay_id: 'not-a-replay' })).toEqual({
      isError: true,
      text: 'Error: The requested resource does not exist',
    });
    const audited = await db.auditLogEntry.count({ where: { action: 'mcp.tool_called', targetId: 'get_replay' } });
    expect(audited).toBe(2);
  });

  it("is not found for another organization's token", async () => {
    const other = await signUp({ name: 'Other' });
    const client = await connectMcp((await createToken(other.client, ['read', 'write'])).token);
    expect(await callTool(client, 'get_replay', { replay_id: replayId })).toEqual({
      isError: true,
      text: 'Error: The requested resource does not exist',
    });
  });
});

// #60: Stats counted replay segments as replays (17 for 10). The `replay` category stays one outcome an item (a
// segment: docs/replays.md), and the stats answer says how many replays they make, each once by its id.
import { describe, expect, it } from 'vitest';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { signUp } from '../support/accounts';
import { id, recording, replayEvent, setup, type Item } from '../support/replay-envelopes';

const segment = (replayId: string, segmentId: number): Item[] => [
  { header: { type: 'replay_event' }, payload: replayEvent(replayId, segmentId) },
  {
    header: { type: 'replay_recording' },
    payload: recording(segmentId, [{ type: 4, timestamp: Date.now(), data: {} }]),
  },
];

describe('replays on the Stats page', () => {
  it('3 replays of 1, 2 and 4 segments: 7 segments accepted, 3 replays; a retried segment counts in neither', async () => {
    const t = await setup('Replays stats');
    const ids = [id(), id(), id()];
    for (const [replayId, n] of [
      [ids[0], 1],
      [ids[1], 2],
      [ids[2], 4],
    ] as const) {
      for (let s = 0; s < n; s++) {
        const res = await t.post({ event_id: replayId }, segment(replayId, s));
        expect(res.status, res.text).toBe(200);
      }
    }
    // An SDK's retry of a segment already stored.
    expect((await t.post({ event_id: ids[1] }, segment(ids[1], 1))).status).toBe(200);
    await flushOutcomes();
    const stats = (await t.client.get(`/api/v1/projects/${t.project.id}/stats`)).body.data;
    expect(stats.replays).toBe(3);
    const replay = stats.categories.find((c: { category: string }) => c.category === 'replay');
    expect([replay.totals.accepted, replay.totals.filtered]).toEqual([7, 1]);
    // The organization's page counts the same replays; another organization's counts none of them.
    expect((await t.client.get('/api/v1/organization/stats')).body.data.replays).toBe(3);
    const stranger = await signUp();
    expect((await stranger.client.get('/api/v1/organization/stats')).body.data.replays).toBe(0);
    expect((await stranger.client.get(`/api/v1/projects/${t.project.id}/stats`)).status).toBe(404);
  });
});

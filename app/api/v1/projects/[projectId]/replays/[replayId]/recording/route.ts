import { route } from '@/lib/http/route';
import { recordingQuery, replayParams, replayRecording } from '@/lib/replays/replay-api';

// A replay's recording (#46): the rrweb events of every segment in order (or of ?segment=N), as stored (scrubbed).
export const GET = route(
  { auth: 'session', scope: 'project', params: replayParams, query: recordingQuery },
  async ({ tenant, params, query }) => {
    return { message: 'Success', file: await replayRecording(tenant, params.replayId, query.segment) };
  },
);

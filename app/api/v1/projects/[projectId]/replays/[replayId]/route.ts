import { route } from '@/lib/http/route';
import { deleteReplay, getReplay, replayParams } from '@/lib/replays/replay-api';

// One replay (#46): its metadata, segments and the errors it links to.
export const GET = route({ auth: 'session', scope: 'project', params: replayParams }, async ({ tenant, params }) => {
  return { message: 'Success', data: await getReplay(tenant, params.replayId) };
});

// Delete the replay with its segments and their bytes (ADMIN and above, like deleting an issue).
export const DELETE = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: replayParams },
  async ({ tenant, params }) => {
    return { message: 'Replay deleted', data: await deleteReplay(tenant, params.replayId) };
  },
);

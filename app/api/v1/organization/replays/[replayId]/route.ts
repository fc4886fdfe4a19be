import { route } from '@/lib/http/route';
import { findOrgReplay, orgReplayParams } from '@/lib/replays/replay-api';

// A replay by its id in any of the organization's projects (#60): where an error of another project links to it.
export const GET = route(
  { auth: 'session', scope: 'organization', params: orgReplayParams },
  async ({ tenant, params }) => {
    return { message: 'Success', data: await findOrgReplay(tenant, params.replayId) };
  },
);

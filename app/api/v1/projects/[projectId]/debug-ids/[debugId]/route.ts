import { z } from 'zod';
import { route } from '@/lib/http/route';
import { filesForDebugId } from '@/lib/sourcemaps/upload-source-file';

// What was uploaded for one debug ID: its files, their release, whether each can be used.
const params = z.object({ projectId: z.string().min(1), debugId: z.string().min(1).max(64) });

export const GET = route(
  { auth: 'session', scope: 'project', tokens: 'releases', params },
  async ({ tenant, params }) => {
    return { message: 'Success', data: await filesForDebugId(tenant.projectId, params.debugId) };
  },
);

import { route } from '@/lib/http/route';
import { listLogs, listLogsQuery } from '@/lib/logs/log-api';
import { projectParams } from '@/lib/zod/projects';

// The project's log lines: by level, text, attribute and trace, newest first (the Logs page and its live tail).
export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: listLogsQuery },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await listLogs(tenant, query) };
  },
);

import { projectRead } from '@/lib/http/project-read';
import { insightQueues } from '@/lib/insights/queues';
import { insightsQuery } from '@/lib/zod/insights';
import { projectParams } from '@/lib/zod/projects';

export const GET = projectRead('Queues fetched', { params: projectParams, query: insightsQuery }, insightQueues);

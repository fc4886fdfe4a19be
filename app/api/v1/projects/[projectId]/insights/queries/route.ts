import { projectRead } from '@/lib/http/project-read';
import { insightQueries } from '@/lib/insights/queries';
import { insightsQuery } from '@/lib/zod/insights';
import { projectParams } from '@/lib/zod/projects';

export const GET = projectRead('Queries fetched', { params: projectParams, query: insightsQuery }, insightQueries);

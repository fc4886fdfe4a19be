import { projectRead } from '@/lib/http/project-read';
import { insightHttp } from '@/lib/insights/http';
import { insightsQuery } from '@/lib/zod/insights';
import { projectParams } from '@/lib/zod/projects';

export const GET = projectRead('Outbound HTTP fetched', { params: projectParams, query: insightsQuery }, insightHttp);

import { projectRead } from '@/lib/http/project-read';
import { insightCaches } from '@/lib/insights/caches';
import { insightsQuery } from '@/lib/zod/insights';
import { projectParams } from '@/lib/zod/projects';

export const GET = projectRead('Caches fetched', { params: projectParams, query: insightsQuery }, insightCaches);

import { projectRead } from '@/lib/http/project-read';
import { webVitals } from '@/lib/performance/web-vitals';
import { projectParams } from '@/lib/zod/projects';
import { performanceQuery } from '@/lib/zod/performance';

export const GET = projectRead('Web vitals fetched', { params: projectParams, query: performanceQuery }, webVitals);

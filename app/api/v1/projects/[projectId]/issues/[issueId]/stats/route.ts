import { projectRead } from '@/lib/http/project-read';
import { issueStats } from '@/lib/issues/issue-stats';
import { issueParams, issueStatsQuery } from '@/lib/zod/issues';

export const GET = projectRead('Issue stats fetched', { params: issueParams, query: issueStatsQuery }, issueStats);

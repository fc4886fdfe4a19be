import { projectRead } from '@/lib/http/project-read';
import { transactionGroups } from '@/lib/performance/transaction-groups';
import { projectParams } from '@/lib/zod/projects';
import { performanceQuery } from '@/lib/zod/performance';

export const GET = projectRead(
  'Transactions fetched',
  { params: projectParams, query: performanceQuery },
  transactionGroups,
);

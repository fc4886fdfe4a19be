import { projectRead } from '@/lib/http/project-read';
import { issueOwners } from '@/lib/ownership/issue-owners';
import { issueParams } from '@/lib/zod/issues';

// The issue's owners by the project's ownership rules and CODEOWNERS, each with its rule (#60).
export const GET = projectRead('Issue owners fetched', { params: issueParams }, issueOwners);

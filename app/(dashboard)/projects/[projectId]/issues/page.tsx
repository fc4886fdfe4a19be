import type { Metadata } from 'next';
import { IssueList } from '@/components/issues/issue-list';
import { LoadingState } from '@/components/ui/states';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Issues' };

export default projectPage(IssueList, <LoadingState label="Loading issues" />);

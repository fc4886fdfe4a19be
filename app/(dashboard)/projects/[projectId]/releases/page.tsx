import type { Metadata } from 'next';
import { ReleasesView } from '@/components/releases/releases-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Releases' };

export default projectPage(ReleasesView);

import type { Metadata } from 'next';
import { StatsView } from '@/components/stats/stats-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Stats' };

export default projectPage(StatsView);

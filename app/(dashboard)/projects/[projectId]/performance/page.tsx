import type { Metadata } from 'next';
import { PerformanceView } from '@/components/performance/performance-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Performance' };

export default projectPage(PerformanceView);

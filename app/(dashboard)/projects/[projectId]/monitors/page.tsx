import type { Metadata } from 'next';
import { MonitorsView } from '@/components/monitors/monitors-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Monitors' };

export default projectPage(MonitorsView);

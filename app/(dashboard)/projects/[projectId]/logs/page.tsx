import type { Metadata } from 'next';
import { LogsView } from '@/components/logs/logs-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Logs' };

export default projectPage(LogsView);

import type { Metadata } from 'next';
import { AlertsView } from '@/components/alerts/alerts-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Alerts' };

export default projectPage(AlertsView);

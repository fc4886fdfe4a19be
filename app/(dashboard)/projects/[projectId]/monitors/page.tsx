import type { Metadata } from 'next';
import { MonitorsView } from '@/components/monitors/monitors-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Monitors' };

// useMonitors' key (lib/swr/use-monitors.ts).
export default projectPage(MonitorsView, undefined, (project) => [`${project}/monitors`]);

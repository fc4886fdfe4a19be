import type { Metadata } from 'next';
import { ProfilingView } from '@/components/profiling/profiling-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Profiling' };

export default projectPage(ProfilingView);

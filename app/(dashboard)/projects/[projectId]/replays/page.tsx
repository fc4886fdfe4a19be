import type { Metadata } from 'next';
import { ReplaysView } from '@/components/replays/replays-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Replays' };

export default projectPage(ReplaysView);

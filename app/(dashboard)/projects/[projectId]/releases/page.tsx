import type { Metadata } from 'next';
import { ReleasesView } from '@/components/releases/releases-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Releases' };

// useReleases' key (lib/swr/use-releases.ts): the view always opens on page 1.
export default projectPage(ReleasesView, undefined, (project) => [`${project}/releases?page=1&limit=25`]);

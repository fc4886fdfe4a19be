import type { Metadata } from 'next';
import { ProjectSettings } from '@/components/projects/project-settings';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Project settings' };

export default projectPage(ProjectSettings);

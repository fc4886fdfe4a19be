import type { Metadata } from 'next';
import { ProjectsSettings } from '@/components/settings/projects-settings';

export const metadata: Metadata = { title: 'Projects' };

export default function OrganizationProjectsPage() {
  return <ProjectsSettings />;
}

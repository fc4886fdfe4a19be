import type { Metadata } from 'next';
import { ProjectHome } from '@/components/projects/project-home';

export const metadata: Metadata = { title: 'Projects' };

export default function DashboardHome() {
  return <ProjectHome />;
}

import type { Metadata } from 'next';
import { NewProject } from '@/components/projects/new-project';

export const metadata: Metadata = { title: 'New project' };

export default function NewProjectPage() {
  return <NewProject />;
}

import type { Metadata } from 'next';
import { EmptyState } from '@/components/dashboard/empty-state';

export const metadata: Metadata = { title: 'New project' };

export default function NewProjectPage() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">New project</h1>
      <EmptyState title="Coming soon" description="Creating projects from the dashboard is not available yet." />
    </>
  );
}

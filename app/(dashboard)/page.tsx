import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/dashboard/empty-state';

export const metadata: Metadata = { title: 'Home' };

export default function DashboardHome() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">Welcome to Tracker</h1>
      <EmptyState
        title="Create your first project"
        description="A project holds the errors and performance data of one application. Create one to get a DSN for the browser SDK."
        action={
          <Link href="/projects/new" className={buttonClasses('primary')}>
            Create your first project
          </Link>
        }
      />
    </>
  );
}

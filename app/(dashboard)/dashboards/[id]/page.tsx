import type { Metadata } from 'next';
import { DashboardView } from '@/components/dashboards/dashboard-view';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <DashboardView id={id} />;
}

import type { Metadata } from 'next';
import { DashboardList } from '@/components/dashboards/dashboard-list';

export const metadata: Metadata = { title: 'Dashboards' };

export default function DashboardsPage() {
  return <DashboardList />;
}

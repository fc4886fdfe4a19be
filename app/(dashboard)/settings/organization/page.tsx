import type { Metadata } from 'next';
import { OrgSettings } from '@/components/orgs/org-settings';

export const metadata: Metadata = { title: 'Organization' };

export default function OrganizationSettingsPage() {
  return <OrgSettings />;
}

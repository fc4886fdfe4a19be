import type { Metadata } from 'next';
import { NotificationSettings } from '@/components/account/notification-settings';

export const metadata: Metadata = { title: 'Notifications' };

export default function NotificationsSettingsPage() {
  return <NotificationSettings />;
}

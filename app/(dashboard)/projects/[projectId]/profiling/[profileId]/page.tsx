import type { Metadata } from 'next';
import { ProfileView } from '@/components/profiling/profile-view';

export const metadata: Metadata = { title: 'Profile · Profiling' };

export default async function ProfilePage({ params }: { params: Promise<{ projectId: string; profileId: string }> }) {
  const { projectId, profileId } = await params;
  return <ProfileView projectId={projectId} profileId={profileId} />;
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ProfileView } from '@/components/profiling/profile-view';

export const metadata: Metadata = { title: 'Profile · Profiling' };

export default async function ProfilePage({ params }: { params: Promise<{ projectId: string; profileId: string }> }) {
  const { projectId, profileId } = await params;
  // The view reads the search params (the function to open zoomed on).
  return (
    <Suspense>
      <ProfileView projectId={projectId} profileId={profileId} />
    </Suspense>
  );
}

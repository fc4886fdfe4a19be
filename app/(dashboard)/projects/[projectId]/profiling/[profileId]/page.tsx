import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ProfileView } from '@/components/profiling/profile-view';
import { PreloadApi } from '@/components/dashboard/preload-api';

export const metadata: Metadata = { title: 'Profile · Profiling' };

export default async function ProfilePage({ params }: { params: Promise<{ projectId: string; profileId: string }> }) {
  const { projectId, profileId } = await params;
  // The view reads the search params (the function to open zoomed on).
  return (
    <Suspense>
      {/* useProfile's key with no thread picked (lib/swr/use-profiles.ts). */}
      <PreloadApi
        paths={[`/api/v1/projects/${encodeURIComponent(projectId)}/profiles/${encodeURIComponent(profileId)}`]}
      />
      <ProfileView projectId={projectId} profileId={profileId} />
    </Suspense>
  );
}

'use client';

import { usePathname } from 'next/navigation';
import { useProjects } from '@/lib/swr/use-projects';

/** The project in the URL, else the first of the organization's projects (the one a FREE plan has). */
export function useCurrentProjectId(): string | undefined {
  const pathname = usePathname();
  const { projects } = useProjects();
  const fromUrl = /^\/projects\/([^/]+)/.exec(pathname)?.[1];
  if (fromUrl && fromUrl !== 'new') return decodeURIComponent(fromUrl);
  return projects?.[0]?.id;
}

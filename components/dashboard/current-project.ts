'use client';

import { usePathname } from 'next/navigation';
import { useProjects } from '@/lib/swr/use-projects';
import { useTrace } from '@/lib/swr/use-traces';
import { traceProjectId } from '@/lib/traces/trace-project';

/**
 * The project in the URL; on a trace's page, the trace's (its root's project, once loaded); else the first of the
 * organization's projects (the one a FREE plan has).
 */
export function useCurrentProjectId(): string | undefined {
  const pathname = usePathname();
  const { projects } = useProjects();
  const traceId = /^\/traces\/([^/]+)/.exec(pathname)?.[1];
  // The same request as the trace view's: fetched once.
  const { trace, error } = useTrace(traceId ? decodeURIComponent(traceId) : null);
  const fromUrl = /^\/projects\/([^/]+)/.exec(pathname)?.[1];
  if (fromUrl && fromUrl !== 'new') return decodeURIComponent(fromUrl);
  if (traceId && !error) return trace ? traceProjectId(trace) : undefined;
  return projects?.[0]?.id;
}

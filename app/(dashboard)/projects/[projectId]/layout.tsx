import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { projectName } from '@/lib/dashboard/page-titles';
import { ProjectFrame } from '@/components/projects/project-frame';
import { PreloadApi } from '@/components/dashboard/preload-api';

type Params = { params: Promise<{ projectId: string }> };

/** Every page of a project names it: "Issues · Checkout · Tracker". */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const name = await projectName((await params).projectId);
  return name ? { title: { template: `%s · ${name} · Tracker`, default: `${name} · Tracker` } } : {};
}

export default async function ProjectLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ projectId: string }>;
}) {
  const { projectId } = await params;
  return (
    <>
      {/* The project every page of it reads (useProject, lib/swr/use-projects.ts). */}
      <PreloadApi paths={[`/api/v1/projects/${encodeURIComponent(projectId)}`]} />
      <ProjectFrame projectId={projectId}>{children}</ProjectFrame>
    </>
  );
}

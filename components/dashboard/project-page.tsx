import { Suspense, type ComponentType, type ReactNode } from 'react';

type ProjectParams = { params: Promise<{ projectId: string }> };

/**
 * A project's section page: the view gets the project id from the URL and renders inside a Suspense boundary
 * (views read the search params), with `fallback` while it waits. A route's page.tsx is its metadata and
 * `export default projectPage(View)`.
 */
export function projectPage(View: ComponentType<{ projectId: string }>, fallback?: ReactNode) {
  return async function ProjectPage({ params }: ProjectParams) {
    const { projectId } = await params;
    return (
      <Suspense fallback={fallback}>
        <View projectId={projectId} />
      </Suspense>
    );
  };
}

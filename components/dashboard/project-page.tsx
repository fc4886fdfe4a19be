import { Suspense, type ComponentType, type ReactNode } from 'react';
import { PreloadApi } from './preload-api';

type ProjectParams = { params: Promise<{ projectId: string }> };

/**
 * A project's section page: the view gets the project id from the URL and renders inside a Suspense boundary
 * (views read the search params), with `fallback` while it waits. A route's page.tsx is its metadata and
 * `export default projectPage(View)`. `preload`: the API paths the view reads first whatever its search params, exactly
 * as its hooks key them, fetched with the HTML (PreloadApi).
 */
export function projectPage(
  View: ComponentType<{ projectId: string }>,
  fallback?: ReactNode,
  preload?: (projectPath: string) => string[],
) {
  return async function ProjectPage({ params }: ProjectParams) {
    const { projectId } = await params;
    return (
      <Suspense fallback={fallback}>
        {preload && <PreloadApi paths={preload(`/api/v1/projects/${encodeURIComponent(projectId)}`)} />}
        <View projectId={projectId} />
      </Suspense>
    );
  };
}

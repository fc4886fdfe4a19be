import { db } from '@/lib/db';
import { sourceFileStore } from './file-store';
import { forgetProjectMaps } from './symbolicate';

export type SourceFileInput = {
  url: string;
  type: 'minified_source' | 'source_map';
  debugId: string | null;
  sourcemapUrl: string | null;
  content: Buffer;
};

/**
 * Stores files of a project (and release): a file replaces the one with its debug ID and type, or
 * without a debug ID the one at its URL in the release, so uploading a build twice keeps one copy.
 */
export async function saveSourceFiles(
  projectId: string,
  releaseId: string | null,
  files: SourceFileInput[],
): Promise<number> {
  await db.$transaction(async (tx) => {
    for (const f of files) {
      if (f.debugId) await tx.sourceFile.deleteMany({ where: { projectId, debugId: f.debugId, type: f.type } });
      if (releaseId) await tx.sourceFile.deleteMany({ where: { projectId, releaseId, url: f.url } });
      const row = await tx.sourceFile.create({
        data: {
          projectId,
          releaseId,
          url: f.url,
          type: f.type,
          debugId: f.debugId,
          sourcemapUrl: f.sourcemapUrl,
          size: f.content.length,
        },
      });
      await sourceFileStore.put(row.id, f.content, tx);
    }
  });
  forgetProjectMaps(projectId);
  return files.length;
}

import type { MultipartPart } from '@/lib/http/multipart';
import { z } from 'zod';
import { hasControlCharacters } from '@/lib/text/control-characters';
import { db } from '@/lib/db';
import { badRequest, notFound, validationError } from '@/lib/errors';
import { checkSourceMap, MAX_SOURCE_MAP_BYTES, normalizeDebugId, tildeUrl } from './check-source-map';
import { saveSourceFiles } from './save-source-files';

/** A single file upload (multipart): the body is capped at this before it is read. */
export const MAX_FILE_UPLOAD_BYTES = MAX_SOURCE_MAP_BYTES + 64 * 1024;

const urlField = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((u) => !hasControlCharacters(u));

/**
 * One minified file or source map for a release of the project, from multipart fields `file` and `url`
 * (`~/static/js/main.js` style, or the full URL). A `.map` (or anything with `mappings`) must be a
 * usable source map: otherwise a 400 saying why.
 */
export async function uploadSourceFile(projectId: string, version: string, parts: MultipartPart[]) {
  const file = parts.find((p) => p.name === 'file' && p.filename !== null);
  const urlPart = parts.find((p) => p.name === 'url');
  const url = urlField.safeParse(urlPart ? urlPart.data.toString('utf8') : (file?.filename ?? undefined));
  if (!file) throw validationError([{ path: ['file'], message: 'A file part is required' }]);
  if (!url.success)
    throw validationError([{ path: ['url'], message: 'A url field is required (e.g. ~/static/js/main.js)' }]);
  const release = await db.release.findUnique({
    where: { projectId_version: { projectId, version } },
    select: { id: true },
  });
  if (!release) throw notFound('Release');
  const content = file.data;
  const tilde = tildeUrl(url.data);
  const isMap = tilde.endsWith('.map') || /^\s*\{/.test(content.toString('utf8', 0, 256));
  let debugId: string | null = null;
  let sourcemapUrl: string | null = null;
  if (isMap) {
    const check = await checkSourceMap(content);
    if (!check.ok) throw badRequest(check.reason);
    debugId = check.debugId;
  } else {
    const text = content.toString('utf8', Math.max(0, content.length - 4096));
    sourcemapUrl = /\/\/# sourceMappingURL=(\S+)\s*$/m.exec(text)?.[1] ?? null;
    const id = /\/\/# debugId=([0-9a-fA-F-]{32,36})\s*$/m.exec(text)?.[1];
    debugId = id ? id.toLowerCase() : null;
  }
  await saveSourceFiles(projectId, release.id, [
    { url: tilde, type: isMap ? 'source_map' : 'minified_source', debugId, sourcemapUrl, content },
  ]);
  return { url: tilde, type: isMap ? 'source_map' : 'minified_source', debugId, size: content.length };
}

export async function listSourceFiles(projectId: string, version: string) {
  const release = await db.release.findUnique({
    where: { projectId_version: { projectId, version } },
    select: { id: true },
  });
  if (!release) throw notFound('Release');
  const rows = await db.sourceFile.findMany({ where: { projectId, releaseId: release.id }, orderBy: [{ url: 'asc' }] });
  return rows.map(fileOut);
}

type FileRow = {
  id: string;
  url: string;
  type: string;
  debugId: string | null;
  sourcemapUrl: string | null;
  size: number;
  problem: string | null;
  createdAt: Date;
};
const fileOut = (r: FileRow) => ({
  id: r.id,
  url: r.url,
  type: r.type,
  debugId: r.debugId,
  sourcemapUrl: r.sourcemapUrl,
  size: r.size,
  usable: r.problem === null,
  problem: r.problem,
  createdAt: r.createdAt.toISOString(),
});

/** What was uploaded under a debug ID (any release or none): `sourcemaps explain`'s question, answered. */
export async function filesForDebugId(projectId: string, debugId: string) {
  const id = normalizeDebugId(debugId);
  if (!id) throw validationError([{ path: ['debugId'], message: 'Not a debug ID (a UUID)' }]);
  const rows = await db.sourceFile.findMany({
    where: { projectId, debugId: id },
    include: { release: { select: { version: true } } },
    orderBy: [{ type: 'asc' }],
  });
  return { debugId: id, files: rows.map((r) => ({ ...fileOut(r), release: r.release?.version ?? null })) };
}

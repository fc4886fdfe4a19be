import { z } from 'zod';

// Stored event JSON columns, read leniently: a field of an unexpected shape is shown as absent rather than breaking the page.
const frame = z.object({
  filename: z.string(),
  lineno: z.number().optional(),
  colno: z.number().optional(),
  function: z.string().optional(),
});
export type Frame = z.infer<typeof frame>;

const stacktrace = z.object({ frames: z.array(frame) });
const nameVersion = z.object({ name: z.string().optional(), version: z.string().optional() });
const contexts = z.object({ browser: nameVersion.optional(), os: nameVersion.optional() });
const breadcrumb = z.object({
  type: z.string(),
  message: z.string().optional(),
  timestamp: z.number().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type Breadcrumb = z.infer<typeof breadcrumb>;
const stringMap = z.record(z.string(), z.string());
const user = z.object({ id: z.string().optional(), email: z.string().optional() });
const request = z.object({ url: z.string().optional(), method: z.string().optional(), headers: stringMap.optional() });

const read = <T>(schema: z.ZodType<T>, value: unknown): T | null => {
  const r = schema.safeParse(value);
  return r.success ? r.data : null;
};

export function readEvent(e: { stacktrace: unknown; contexts: unknown; breadcrumbs: unknown; tags: unknown; userContext: unknown; request: unknown }) {
  return {
    frames: read(stacktrace, e.stacktrace)?.frames ?? [],
    contexts: read(contexts, e.contexts),
    breadcrumbs: read(z.array(breadcrumb), e.breadcrumbs) ?? [],
    tags: read(stringMap, e.tags) ?? {},
    user: read(user, e.userContext),
    request: read(request, e.request),
  };
}

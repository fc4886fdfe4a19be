import { z } from 'zod';

export const orgSlugParams = z.object({ org: z.string().min(1).max(100) });

// Performance issue settings (#62): the detectors' switches and thresholds a project changes (PATCH, any subset).
import { z } from 'zod';

const ms = (max: number) => z.number().int().min(0).max(max);

export const updatePerformanceSettingsSchema = z
  .object({
    nPlusOneDbQueries: z.boolean(),
    slowDbQuery: z.boolean(),
    consecutiveHttp: z.boolean(),
    slowDbQueryMs: ms(600_000),
    nPlusOneMinCount: z.number().int().min(2).max(1_000),
    nPlusOneMinTotalMs: ms(600_000),
    consecutiveHttpMinCount: z.number().int().min(2).max(1_000),
    consecutiveHttpMinSpanMs: ms(600_000),
    consecutiveHttpMinSavedMs: ms(600_000),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update', path: [] });
export type UpdatePerformanceSettings = z.infer<typeof updatePerformanceSettingsSchema>;

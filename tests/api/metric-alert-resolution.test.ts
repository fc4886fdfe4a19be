// #62: a metric rule is read at its resolution (lib/alerts/metric-resolution.ts). Over 30 consecutive minutes the
// minute job claims a 5-minute rule 30 times, a 1-hour rule every third minute (10 times) and a day-long rule twice,
// 15 minutes apart; a day-long rule compared with the day before once. Minutes of 2030, so no other file's
// evaluation (at the real minute) is among them.
import { describe, expect, it } from 'vitest';
import { evaluateMetricAlerts } from '@/lib/alerts/evaluate-metric-alerts';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';

const MIN = 60_000;

describe('metric rules read at their resolution', () => {
  it('every minute under 30 minutes of window, every 3 for an hour, every 15 for a day, twice that compared', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Resolution');
    const ids: Record<string, string> = {};
    for (const [name, windowMinutes, comparison] of [
      ['five', 5, null],
      ['hour', 60, null],
      ['day', 1440, null],
      ['day-compared', 1440, '1d'],
    ] as const) {
      const res = await s.client.post(`/api/v1/projects/${project.id}/metric-alerts`, {
        name,
        query: { dataset: 'logs', query: 'severity:error', aggregates: ['count()'] },
        criticalThreshold: 1_000_000,
        windowMinutes,
        comparison,
        notifyEmail: 'oncall@example.com',
      });
      expect(res.status, res.text).toBe(201);
      ids[name] = res.body.data.id;
    }
    const claimed: Record<string, number[]> = { five: [], hour: [], day: [], 'day-compared': [] };
    const m0 = Date.parse('2030-01-01T00:00:00Z');
    for (let k = 0; k < 30; k++) {
      const minute = new Date(m0 + k * MIN);
      await evaluateMetricAlerts(new Date(minute.getTime() + 5_000));
      const rules = await db.alertRule.findMany({
        where: { projectId: project.id },
        select: { id: true, metricEvaluatedAt: true },
      });
      for (const [name, id] of Object.entries(ids))
        if (rules.find((r) => r.id === id)?.metricEvaluatedAt?.getTime() === minute.getTime()) claimed[name].push(k);
    }
    expect(claimed.five).toHaveLength(30);
    expect(claimed.hour).toHaveLength(10);
    expect(claimed.hour.every((k, i) => i === 0 || k - claimed.hour[i - 1] === 3)).toBe(true);
    expect(claimed.day).toHaveLength(2);
    expect(claimed.day[1] - claimed.day[0]).toBe(15);
    expect(claimed['day-compared']).toHaveLength(1);
  });
});

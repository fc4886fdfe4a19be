// Grouping rules' cost at ingest (#63): `npm run bench:ingest -- --grouping [--rounds N --events N]`. The small
// envelopes to three projects in alternating runs: without rules (nothing built, the version's grouping alone), with
// fingerprint rules and stack trace rules, and with the same rules inside the transition window of the config they
// replaced (each event also keyed by the replaced config). Prints accepted/s and server CPU per request of each, and
// first the grouping alone on the same envelopes in this process (µs per event), which the machine's load moves less.
import { performance } from 'node:perf_hooks';
import { validateUnit, type ErrorUnit } from '@/lib/envelope/validate-envelope';
import { groupingConfigOf } from '@/lib/grouping/config';
import { groupingOf } from '@/lib/ingest/enrich/grouping/group-event';
import { groupEvent } from '@/lib/ingest/enrich/grouping/group-with-rules';
import { report, rateOf, type RunResult } from './load';
import { api, log } from './service';

export const BENCH_FINGERPRINT_RULES = [
  'error.type:RangeError -> range-errors',
  'message:"*\'item1?\')*" -> {{ default }}, item-teens',
  'tags.route:/products/1? level:fatal -> fatal-product title="Fatal on {{ tags.route }}"',
].join('\n');
export const BENCH_STACK_RULES = [
  'stack.abs_path:**/vendor.*.js -app',
  'stack.function:invokeGuardedCallback -group',
  'family:javascript max-frames=3',
].join('\n');

type Load = (pathName: string, headers: Record<string, string>, bodies: string[]) => Promise<RunResult>;

async function ruledProject(base: string, cookie: string, name: string, transitionDays: number) {
  const created = await api({ base, method: 'POST', path: '/api/v1/projects', body: { name }, cookie });
  if (created.status !== 201) throw new Error(`create project: ${created.status}`);
  const id = created.json.data.id as string;
  const saved = await api({
    base,
    method: 'PUT',
    path: `/api/v1/projects/${id}/grouping`,
    body: { fingerprintRules: BENCH_FINGERPRINT_RULES, stackRules: BENCH_STACK_RULES, transitionDays },
    cookie,
  });
  if (saved.status !== 200) throw new Error(`grouping rules: ${saved.status} ${JSON.stringify(saved.json)}`);
  return {
    id,
    path: `/api/v1/ingest/${id}/envelope`,
    headers: { 'x-ingest-auth': `ingest_key=${created.json.data.keys[0].publicKey as string}` },
  };
}

/** µs per event of grouping alone: the version's, with the rules, with the rules and the replaced config. */
export function groupingAlone(bodies: string[]): void {
  const units = bodies.map((b) => {
    const v = validateUnit(JSON.parse(b), { hadEscapes: false });
    if (!v.ok || v.unit.kind !== 'error') throw new Error('invalid bench envelope');
    return v.unit as ErrorUnit;
  });
  const ruled = groupingConfigOf(3, { fingerprintRules: BENCH_FINGERPRINT_RULES, stackRules: BENCH_STACK_RULES });
  const none = groupingConfigOf(3, { fingerprintRules: '', stackRules: '' });
  const ways: [string, (u: ErrorUnit) => unknown][] = [
    ['no rules', (u) => groupingOf(u, 3)],
    ['rules', (u) => groupEvent(u, ruled)],
    ['rules, in transition', (u) => (groupEvent(u, ruled), groupEvent(u, none))],
  ];
  for (const [name, group] of ways) {
    const best: number[] = [];
    for (let round = 0; round < 5; round++) {
      const t0 = performance.now();
      for (const u of units) group(u);
      best.push(((performance.now() - t0) * 1000) / units.length);
    }
    console.log(
      `grouping alone, ${name}: ${Math.min(...best).toFixed(1)} µs per event (best of 5 passes over ${units.length})`,
    );
  }
}

export async function groupingRuns(opts: {
  base: string;
  cookie: string;
  plainProject: { id: string; path: string; headers: Record<string, string> };
  bodies: { warmup: string[]; run: string[] };
  rounds: number;
  load: Load;
  issuesOf: (projectId: string) => Promise<number>;
}): Promise<void> {
  const { base, cookie, bodies, rounds, load } = opts;
  groupingAlone(bodies.run);
  const projects = {
    'no rules': opts.plainProject,
    rules: await ruledProject(base, cookie, 'Bench shop (grouping rules)', 0),
    'rules, in transition': await ruledProject(base, cookie, 'Bench shop (grouping rules, in transition)', 90),
  };
  const names = Object.keys(projects) as (keyof typeof projects)[];
  for (const n of names) await load(projects[n].path, projects[n].headers, bodies.warmup);
  const runs = Object.fromEntries(names.map((n) => [n, [] as RunResult[]])) as Record<
    keyof typeof projects,
    RunResult[]
  >;
  for (let r = 1; r <= rounds; r++) {
    log(`grouping round ${r}/${rounds}: ${bodies.run.length} small envelopes to each project in turn`);
    for (const n of names) runs[n].push(await load(projects[n].path, projects[n].headers, bodies.run));
  }
  console.log('');
  console.log(`grouping rules at ingest (#63): ${rounds} alternating runs each`);
  const base0 = rateOf(runs['no rules']);
  for (const n of names) {
    runs[n].forEach((run, i) => report(`${n} (run ${i + 1})`, run));
    const cpu = runs[n].map((x) => x.cpu?.serverUs ?? 0);
    const rate = rateOf(runs[n]);
    console.log(
      `${n}: ${rate.toFixed(0)} accepted/s (${((rate / base0) * 100).toFixed(0)} % of no rules), server CPU per request ${(cpu.reduce((a, b) => a + b, 0) / cpu.length).toFixed(0)} µs, ${await opts.issuesOf(projects[n].id)} issues`,
    );
  }
}

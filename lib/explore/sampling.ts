// Exact or sampled (#61). Before a query runs, the planner's own estimate of it (EXPLAIN, no execution) says how
// many stored rows match and what reading them costs. Cheap: the exact answer. Otherwise a sample of the day
// partitions' pages (TABLESAMPLE SYSTEM) sized to read about the dataset's `sampleRows` matching rows, and never
// more than MAX_SAMPLE_PAGES pages however small the organization's share of them; counts and sums are then
// multiplied back (shape-result.ts) and the answer says it is an estimate.

/** A plan whose scans of the dataset cost more than this (the planner's units) reads a sample instead. */
export const EXACT_SCAN_COST = 10_000;
/** The most pages a sample reads (8 KiB each), whatever the rate its row target asks for. */
export const MAX_SAMPLE_PAGES = 4_000;
/** Below this a sample is no cheaper enough to be worth its error: read everything. */
const MAX_RATE = 0.5;
/** TABLESAMPLE SYSTEM takes a percentage; this is its floor here (one page in a million). */
const MIN_RATE = 1e-6;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows': number;
  'Total Cost': number;
  Plans?: PlanNode[];
};

/**
 * `limited`: the statement stops early (the samples' newest 50), so `cost` is the whole plan's, which the planner
 * lowers for the rows it expects never to read.
 */
export type Scans = { cost: number; rows: number; relations: string[]; limited?: boolean };

/**
 * The plan's scans of the dataset's table (its partitions): their cost, the rows they yield, the relations. A scan on
 * the inner side of a nested loop runs once per outer row, and the plan gives its rows and cost per run: they count
 * as many times (a metric's points read per series were taken for one series' worth, and the sample read 6 times its
 * target).
 */
export function scansOf(plan: PlanNode, table: string): Scans {
  const own = new RegExp(`^${table}(_p\\d{8}|_default)?$`);
  const out: Scans = { cost: 0, rows: 0, relations: [] };
  const walk = (n: PlanNode, loops: number) => {
    if (n['Relation Name'] && own.test(n['Relation Name'])) {
      out.cost += n['Total Cost'] * loops;
      out.rows += n['Plan Rows'] * loops;
      out.relations.push(n['Relation Name']);
    }
    const inner = n['Node Type'] === 'Nested Loop' && n.Plans?.length === 2 ? loops * n.Plans[0]['Plan Rows'] : loops;
    n.Plans?.forEach((child, i) => walk(child, i === 1 ? inner : loops));
  };
  walk(plan, 1);
  return out;
}

export type Choice = { exact: true } | { exact: false; rate: number };

/** `target`: the rows to aim at; `pages`: the relations' pages (pg_class.relpages), which a sample reads its rate of. */
export function chooseSampling(target: number, scans: Scans, pages: number): Choice {
  if (scans.cost <= EXACT_SCAN_COST && (scans.limited || scans.rows <= target)) return { exact: true };
  let rate = scans.rows > 0 ? target / scans.rows : 1;
  if (pages > 0) rate = Math.min(rate, MAX_SAMPLE_PAGES / pages);
  if (rate >= MAX_RATE) return { exact: true };
  return { exact: false, rate: Math.max(rate, MIN_RATE) };
}

// What Explore knows of a dataset (#61): one object per dataset (lib/explore/datasets/<name>.ts), listed once in
// lib/explore/registry.ts. Everything here is SQL text written by us over the dataset's own aliases, never input:
// a key a person typed reaches SQL only as a bound parameter (`keyParam`), so identifiers stay on this whitelist.
// docs/explore.md describes how to add a dataset.

/** `duration`: a number of milliseconds (compares with units: 500ms, 1.5s). */
export type FieldType = 'string' | 'number' | 'duration';

export type Field = {
  name: string;
  type: FieldType;
  /** The value of a row, over the dataset's aliases. */
  sql: string;
  description: string;
  /** What the field needs of the dataset's `from`: a join, or (spans) the arrays it reads. */
  needs?: readonly string[];
  /** The row's project as the dataset stores it: shown and filtered by the project's slug. */
  project?: boolean;
};

/** How a dataset reads a key it does not know as a field: its attributes, tags or span data. */
export type Attributes = {
  /** What the keys are called on this dataset ("attribute", "tag", "span data key"). */
  noun: string;
  /** What `keyParam` holds for a key (default: the key itself), e.g. a context's path. */
  bind?: (key: string) => unknown;
  /** The value as text (`keyParam` is the bound parameter holding the key, `key` the key itself). */
  text: (keyParam: string, key: string) => string;
  /** The value as a number, null when it is not one. */
  number: (keyParam: string, key: string) => string;
  /** Whether the row has the key. */
  has: (keyParam: string, key: string) => string;
  /**
   * Optionally, JSON containments that every row with `key` equal to `value` satisfies, so an index can find a
   * rare value (the equality still decides). Bound as jsonb parameters.
   */
  containments?: (key: string, value: string) => { sql: string; bags: string[] } | null;
  needs?: readonly string[];
};

/** One item behind a row of the table, with where to see it. */
export type Sample = { id: string; timestamp: string; title: string; projectId: string; href: string } & Record<
  string,
  unknown
>;

export type Dataset = {
  name: string;
  label: string;
  description: string;
  /** The partitioned table read: the sampling estimate adds up its partitions' scans in the plan. */
  table: string;
  /** FROM clause; `sample` is '' or a TABLESAMPLE clause for the table; `needs` what the query's parts asked for. */
  from: (sample: string, needs: ReadonlySet<string>) => string;
  /** What `from` must always give (the time axis), and what free text and failure_rate() read. */
  needs?: { always?: readonly string[]; text?: readonly string[]; status?: readonly string[] };
  /** The row's project: by id (text) or by number (spans). */
  project: { sql: string; by: 'id' | 'number' };
  /** When the item happened (the time axis) and when it was received (the partitions' key). */
  time: string;
  received: string;
  /** Free text of a filter searches this, case-insensitively; null: the dataset has no text. */
  text: string | null;
  /** The status failure_rate() reads; null: the dataset has none and the aggregate is refused. */
  status: string | null;
  /** The per-minute rate functions it answers (epm() for every dataset, spm() for spans). */
  rates: readonly ('epm' | 'spm')[];
  /** What a row counts: "events", "spans", "log lines"... */
  noun: string;
  fields: readonly Field[];
  attributes: Attributes | null;
  /**
   * Rows a sampled read aims at, given what the query needs of `from` (a stored row of spans holds a whole
   * transaction's spans, and reading its data bags costs more).
   */
  sampleRows: (needs: ReadonlySet<string>) => number;
  /** The samples behind a row: columns over the dataset's aliases (the same `from`), and the item made from a row. */
  samples: {
    columns: string;
    /** Newest first by this (default: `time`): the column an index gives in order. */
    order?: string;
    needs?: readonly string[];
    toSample: (row: Record<string, unknown>, projectId: string) => Sample;
  };
};

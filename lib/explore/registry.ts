// Every dataset Explore queries (#61), one line each. A new dataset is one file in ./datasets and one line here
// (docs/explore.md: "Adding a dataset").
import type { Dataset } from './dataset';
import { errors } from './datasets/errors';
import { logs } from './datasets/logs';
import { metrics } from './datasets/metrics';
import { spans } from './datasets/spans';
import { transactions } from './datasets/transactions';

export const DATASETS: readonly Dataset[] = [spans, transactions, logs, errors, metrics];

export function datasetNamed(name: string): Dataset | undefined {
  return DATASETS.find((d) => d.name === name);
}

/** What the page's pickers offer: each dataset's fields and types, the aggregates it answers (no SQL). */
export function datasetCatalog() {
  return DATASETS.map((d) => ({
    name: d.name,
    label: d.label,
    description: d.description,
    noun: d.noun,
    text: d.text !== null,
    failureRate: d.status !== null,
    rates: [...d.rates],
    attributes: d.attributes?.noun ?? null,
    fields: d.fields.map((f) => ({ name: f.name, type: f.type, description: f.description })),
  }));
}
export type DatasetCatalog = ReturnType<typeof datasetCatalog>;

/** "1 event", "2 events", "1,204 events": the count in en-US digits and the noun agreeing with it. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : pluralForm}`;
}

/** "1,000+ issues" when `atLeast` (a count that stopped at its cap), else plural(). */
export function pluralAtLeast({
  count,
  atLeast,
  singular,
  pluralForm = `${singular}s`,
}: {
  count: number;
  atLeast: boolean | undefined;
  singular: string;
  pluralForm?: string;
}): string {
  return atLeast ? `${count.toLocaleString('en-US')}+ ${pluralForm}` : plural(count, singular, pluralForm);
}

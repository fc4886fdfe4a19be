/** "1 issue", "3 issues", "1,204 events": a count with its noun, grouped digits. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : nouns}`;
}

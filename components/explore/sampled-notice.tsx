/** An answer read from a sample says so, with how much was read. */
export function SampledNotice({ rate, noun }: { rate: number; noun: string }) {
  const percent = rate * 100;
  const shown = percent >= 1 ? percent.toFixed(0) : percent >= 0.1 ? percent.toFixed(1) : percent.toPrecision(1);
  return (
    <p
      role="status"
      data-testid="sampled-notice"
      className="rounded-lg border border-info-line bg-info-soft px-4 py-2 text-sm text-info-fg"
    >
      <strong className="font-semibold">Sampled:</strong> these numbers are estimated from {shown} % of the stored{' '}
      {noun} in this range. Counts and sums are scaled up to the whole; averages, percentiles and rates come from the
      sample. Narrow the range or add a filter for an exact answer.
    </p>
  );
}

import { CountField } from './count-field';
import type { RuleSectionProps } from './rule-values';
import { WindowField } from './window-field';

/** An ERROR_RATE rule: how many errors within how many minutes. */
export function ErrorRateFields(props: RuleSectionProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <CountField {...props} idSuffix="threshold" field="threshold" label="Threshold (errors)" />
      <WindowField {...props} />
    </div>
  );
}

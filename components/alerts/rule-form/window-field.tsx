import { CountField } from './count-field';
import type { RuleSectionProps } from './rule-values';

/** ERROR_RATE and CRASH_FREE rules both count over a window (only one of them shows at a time). */
export function WindowField(props: RuleSectionProps) {
  return <CountField {...props} idSuffix="window" field="windowMinutes" label="Window (minutes)" />;
}

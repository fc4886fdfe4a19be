// A stored log line: its levels and its row, as the logs kind writes it and the logs page reads it. A leaf.
import type { JsonObject } from '@/lib/envelope/parse-envelope';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogRow = {
  timestamp: Date;
  level: LogLevel;
  severityNumber: number | null;
  body: string;
  template: string | null;
  attributes: JsonObject | null;
  traceId: string | null;
  spanId: string | null;
  environment: string | null;
  release: string | null;
};

'use client';

import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatOffset, type TimelineMarker } from '@/lib/replays/timeline';

const MARKER_STYLE: Record<TimelineMarker['kind'], string> = {
  error: 'bg-danger-solid',
  click: 'bg-fg-muted',
  navigation: 'bg-link',
};

const SPEEDS = [1, 2, 4, 8];

/** Play or pause, where the player is of how long, and the speed. */
export function ReplayControls({
  playing,
  time,
  total,
  speed,
  onToggle,
  onSpeed,
}: {
  playing: boolean;
  time: number;
  total: number;
  speed: number;
  onToggle: () => void;
  onSpeed: (speed: number) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={onToggle} aria-label={playing ? 'Pause' : 'Play'} className="w-20">
        {playing ? 'Pause' : 'Play'}
      </Button>
      <span className="text-sm text-fg-secondary tabular-nums" data-testid="replay-time">
        {formatOffset(time)} / {formatOffset(total)}
      </span>
      <label className="ml-auto flex items-center gap-2 text-sm">
        Speed
        <select
          className="rounded-md border border-line-strong bg-surface px-2 py-1"
          value={speed}
          onChange={(e) => onSpeed(Number(e.target.value))}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The position slider, with a dot for each error, click and navigation that seeks to it. */
export function ReplayScrubber({
  time,
  total,
  markers,
  onSeek,
}: {
  time: number;
  total: number;
  markers: TimelineMarker[];
  onSeek: (offsetMs: number) => void;
}) {
  return (
    <div className="relative pt-3">
      <input
        type="range"
        min={0}
        max={Math.max(total, 1)}
        step={100}
        value={Math.min(time, total)}
        onChange={(e) => onSeek(Number(e.target.value))}
        aria-label="Position in the replay"
        className="w-full"
      />
      <ol className="pointer-events-none absolute inset-x-0 top-0 h-3" aria-label="Timeline">
        {markers.map((m, i) => (
          <li
            key={`${m.kind}-${i}`}
            className="absolute"
            style={{ left: `${total > 0 ? Math.min(100, (m.offsetMs / total) * 100) : 0}%` }}
          >
            <button
              type="button"
              title={`${m.kind === 'error' ? 'Error' : m.kind === 'click' ? 'Click' : 'Navigation'} at ${formatOffset(m.offsetMs)}: ${m.label}`}
              aria-label={`${m.kind} at ${formatOffset(m.offsetMs)}`}
              data-kind={m.kind}
              onClick={() => onSeek(m.offsetMs)}
              className={cn('pointer-events-auto block size-2.5 -translate-x-1/2 rounded-full', MARKER_STYLE[m.kind])}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

'use client';

import '@rrweb/replay/dist/style.css';
import { useEffect, useRef, useState } from 'react';
import type { Replayer } from '@rrweb/replay';
import { RRWEB } from '@/lib/envelope/rrweb';
import { sanitizeRecording } from '@/lib/replays/sanitize-recording';
import type { TimelineMarker } from '@/lib/replays/timeline';
import { ReplayControls, ReplayScrubber } from './player/replay-controls';

let replayerModule: Promise<typeof import('@rrweb/replay')> | undefined;
/** rrweb's player code, fetched once: the replay page starts it on arrival, beside the recording's fetch (#65). */
export const loadReplayer = () =>
  (replayerModule ??= import('@rrweb/replay').catch((err: unknown) => {
    // A failed download is tried again by the next player.
    replayerModule = undefined;
    throw err;
  }));

/** Where the player is asked to go: `n` changes on every request, so the same time can be asked for twice. */
export type SeekRequest = { offsetMs: number; n: number };

/**
 * The recording played back with rrweb's Replayer. The user's page is rebuilt in a frame sandboxed to
 * `allow-same-origin` only (rrweb's default): nothing in it runs, and the dashboard's content security policy keeps
 * anything in it from loading or sending a request. Scaled to the width it is given.
 */
export function ReplayPlayer({
  events,
  markers,
  seek,
}: {
  events: unknown[];
  markers: TimelineMarker[];
  seek: SeekRequest;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const player = useRef<Replayer | null>(null);
  // rrweb rebuilds the page only from a full snapshot before the time asked for: no earlier time shows the page.
  const floor = useRef(0);
  const [size, setSize] = useState({ width: 1280, height: 800 });
  const [scale, setScale] = useState(1);
  const [total, setTotal] = useState(0);
  const [time, setTime] = useState(seek.offsetMs);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [failed, setFailed] = useState<string | null>(null);

  // One Replayer per recording.
  useEffect(() => {
    const root = stage.current;
    if (!root) return;
    let cancelled = false;
    let replayer: Replayer | null = null;
    loadReplayer()
      .then(({ Replayer: ReplayerClass }) => {
        if (cancelled) return;
        // A copy: the page keeps the recording as loaded (its timeline reads it too).
        const safe = sanitizeRecording(structuredClone(events));
        floor.current = firstSnapshotOffset(safe);
        replayer = new ReplayerClass(safe as ConstructorParameters<typeof ReplayerClass>[0], {
          root,
          mouseTail: false,
          skipInactive: true,
          showWarning: false,
          triggerFocus: false,
          UNSAFE_replayCanvas: false,
        });
        player.current = replayer;
        replayer.on('resize', (d) => {
          const { width, height } = d as { width: number; height: number };
          if (width > 0 && height > 0) setSize({ width, height });
        });
        replayer.on('finish', () => {
          setPlaying(false);
          setTime(replayer?.getMetaData().totalTime ?? 0);
        });
        setTotal(replayer.getMetaData().totalTime);
        replayer.pause(Math.max(floor.current, seek.offsetMs));
        setTime(Math.max(0, seek.offsetMs));
      })
      .catch((err: Error) => setFailed(err.message));
    return () => {
      cancelled = true;
      replayer?.destroy();
      player.current = null;
      root.replaceChildren();
    };
    // The first seek is read once; later ones arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [events]);

  // Seeks asked for from outside (a marker, an error, a console line).
  useEffect(() => {
    const r = player.current;
    if (!r || seek.n === 0) return;
    const at = Math.min(Math.max(0, seek.offsetMs), total || seek.offsetMs);
    if (playing) r.play(Math.max(floor.current, at));
    else r.pause(Math.max(floor.current, at));
    setTime(at);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seek.n]);

  // The clock while playing.
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setTime(player.current?.getCurrentTime() ?? 0), 100);
    return () => clearInterval(timer);
  }, [playing]);

  // Fit the recorded viewport to the width available.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / size.width));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [size.width]);

  const toggle = () => {
    const r = player.current;
    if (!r) return;
    if (playing) {
      r.pause();
      setTime(r.getCurrentTime());
      setPlaying(false);
    } else {
      r.play(Math.max(floor.current, time >= total ? 0 : time));
      setPlaying(true);
    }
  };
  const go = (offsetMs: number) => {
    const r = player.current;
    if (!r) return;
    if (playing) r.play(Math.max(floor.current, offsetMs));
    else r.pause(Math.max(floor.current, offsetMs));
    setTime(offsetMs);
  };

  if (failed) return <p className="text-sm text-danger">The player could not start: {failed}</p>;
  return (
    <div className="space-y-3" data-testid="replay-player">
      <div
        ref={frame}
        className="relative overflow-hidden rounded-lg border border-line bg-surface-muted"
        style={{ height: Math.round(size.height * scale) }}
      >
        <div
          ref={stage}
          data-testid="replay-stage"
          className="origin-top-left [&_.replayer-mouse]:hidden"
          style={{ width: size.width, height: size.height, transform: `scale(${scale})` }}
        />
      </div>
      <ReplayControls
        playing={playing}
        time={time}
        total={total}
        speed={speed}
        onToggle={toggle}
        onSpeed={(s) => {
          setSpeed(s);
          player.current?.setConfig({ speed: s });
        }}
      />
      <ReplayScrubber time={time} total={total} markers={markers} onSeek={go} />
    </div>
  );
}

/** Just after the recording's first full snapshot, in milliseconds from its first event. */
function firstSnapshotOffset(events: unknown[]): number {
  const times = events
    .map((e) => (e as { type?: unknown; timestamp?: unknown }) ?? {})
    .filter((e): e is { type: unknown; timestamp: number } => typeof e.timestamp === 'number');
  if (times.length === 0) return 0;
  const start = Math.min(...times.map((e) => e.timestamp));
  const snapshot = times.filter((e) => e.type === RRWEB.fullSnapshot).map((e) => e.timestamp);
  return snapshot.length ? Math.min(...snapshot) - start + 1 : 0;
}

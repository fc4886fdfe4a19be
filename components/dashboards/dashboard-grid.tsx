'use client';

import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { placeWidget } from '@/lib/dashboards/layout';
import { GRID_COLUMNS, type DashboardFilters, type Widget, type WidgetLayout } from '@/lib/zod/dashboards';
import { WidgetBody } from './widget-body';

/** The height of a grid row, and the gap between cells, in pixels. */
const ROW_PX = 96;
const GAP_PX = 16;

type Drag = { id: string; mode: 'move' | 'resize'; startX: number; startY: number; from: WidgetLayout };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Where a drag (in cells) takes a widget: moved by its top left, resized by its bottom right, inside the grid. */
function dragged(d: Drag, dx: number, dy: number): WidgetLayout {
  const f = d.from;
  if (d.mode === 'move') return { ...f, x: clamp(f.x + dx, 0, GRID_COLUMNS - f.w), y: Math.max(0, f.y + dy) };
  return { ...f, w: clamp(f.w + dx, 1, GRID_COLUMNS - f.x), h: clamp(f.h + dy, 1, 12) };
}

/**
 * The dashboard's widgets on a 12-column grid. A widget moves by dragging its title bar (or with the arrow keys on
 * its Move handle) and resizes by its corner (or Shift+arrows); the others make room while it moves, and the new
 * layout is saved when it is let go. Written here rather than with a grid package: the layout rules are the API's own
 * (lib/dashboards/layout.ts), and pointer events are all a drag needs.
 */
export function DashboardGrid({
  widgets,
  filters,
  onLayout,
  onRemove,
}: {
  widgets: Widget[];
  filters: DashboardFilters;
  onLayout: (widgets: Widget[]) => void;
  onRemove: (id: string) => void;
}) {
  const grid = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [preview, setPreview] = useState<Widget[] | null>(null);
  const shown = preview ?? widgets;

  const cells = (e: PointerEvent, d: Drag) => {
    const width = grid.current!.getBoundingClientRect().width;
    const col = (width + GAP_PX) / GRID_COLUMNS;
    return [Math.round((e.clientX - d.startX) / col), Math.round((e.clientY - d.startY) / (ROW_PX + GAP_PX))];
  };
  const start = (e: PointerEvent<HTMLElement>, w: Widget, mode: Drag['mode']) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ id: w.id, mode, startX: e.clientX, startY: e.clientY, from: w.layout });
  };
  const move = (e: PointerEvent) => {
    if (!drag) return;
    const [dx, dy] = cells(e, drag);
    setPreview(placeWidget(widgets, drag.id, dragged(drag, dx, dy)));
  };
  const end = () => {
    if (!drag) return;
    const next = preview;
    setDrag(null);
    setPreview(null);
    const before = widgets.find((w) => w.id === drag.id)!.layout;
    const after = next?.find((w) => w.id === drag.id)?.layout;
    if (next && after && JSON.stringify(before) !== JSON.stringify(after)) onLayout(next);
  };
  const keys = (e: KeyboardEvent, w: Widget) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!step) return;
    e.preventDefault();
    const d: Drag = { id: w.id, mode: e.shiftKey ? 'resize' : 'move', startX: 0, startY: 0, from: w.layout };
    onLayout(placeWidget(widgets, w.id, dragged(d, step[0], step[1])));
  };

  return (
    <div
      ref={grid}
      className="grid grid-cols-12"
      style={{ gridAutoRows: `${ROW_PX}px`, gap: `${GAP_PX}px` }}
      data-testid="dashboard-grid"
    >
      {shown.map((w) => (
        <section
          key={w.id}
          aria-label={w.title}
          data-testid="widget"
          data-x={w.layout.x}
          data-y={w.layout.y}
          data-w={w.layout.w}
          data-h={w.layout.h}
          data-display={w.display}
          className={`relative flex min-w-0 flex-col overflow-hidden rounded-xl border border-line bg-surface ${
            drag?.id === w.id ? 'opacity-80 ring-2 ring-accent' : ''
          }`}
          style={{
            gridColumn: `${w.layout.x + 1} / span ${w.layout.w}`,
            gridRow: `${w.layout.y + 1} / span ${w.layout.h}`,
          }}
        >
          <header
            className="flex cursor-move touch-none items-center justify-between gap-2 border-b border-line px-3 py-2 select-none"
            onPointerDown={(e) => start(e, w, 'move')}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
            data-testid="widget-handle"
          >
            <h2 className="truncate text-sm font-medium">{w.title}</h2>
            <span className="flex items-center gap-1">
              <button
                type="button"
                className="rounded px-1 text-xs text-fg-secondary hover:text-fg"
                aria-label={`Move ${w.title} (arrow keys; Shift+arrows resize)`}
                onKeyDown={(e) => keys(e, w)}
                onPointerDown={(e) => e.stopPropagation()}
              >
                ⠿
              </button>
              <button
                type="button"
                className="rounded px-1 text-xs text-fg-secondary hover:text-danger"
                aria-label={`Remove ${w.title}`}
                onPointerDown={(e) => e.stopPropagation()}
                onClick={() => onRemove(w.id)}
              >
                ✕
              </button>
            </span>
          </header>
          {/* Focusable: a widget taller than its cells scrolls, and a keyboard must reach what is below. */}
          <div
            className="min-h-0 flex-1 overflow-auto p-3"
            tabIndex={0}
            role="group"
            aria-label={`${w.title}: content`}
          >
            <WidgetBody widget={w} filters={filters} />
          </div>
          <span
            aria-hidden
            className="absolute right-0 bottom-0 h-4 w-4 cursor-se-resize touch-none"
            onPointerDown={(e) => start(e, w, 'resize')}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
            data-testid="widget-resize"
          />
        </section>
      ))}
    </div>
  );
}

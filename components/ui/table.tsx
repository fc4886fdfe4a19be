'use client';

import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from 'react';
import { cn } from './cn';
import { useSidewaysOverflow } from './use-overflow';

/** A table's column header cell. */
const th = 'px-4 py-2.5 text-xs font-semibold tracking-wide text-fg-muted uppercase';

/**
 * A card that scrolls its table sideways on a narrow screen, with a visible hint while columns are hidden to the
 * right. Focusable, so the keyboard can scroll it too (a table without links has nothing else to focus); `label`
 * names the region for screen readers, who hear every column anyway (the hint is for the eye only).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  const { box, right: more } = useSidewaysOverflow<HTMLDivElement>();
  return (
    <div className="relative">
      <div
        ref={box}
        tabIndex={0}
        role="region"
        aria-label={label}
        className="overflow-x-auto rounded-xl border border-line bg-surface shadow-sm focus-visible:outline-2 focus-visible:outline-focus"
      >
        {children}
      </div>
      {more && (
        <span
          aria-hidden="true"
          data-testid="scroll-hint"
          className="pointer-events-none absolute top-1.5 right-1.5 rounded-full bg-inverse/90 px-2 py-0.5 text-xs font-medium text-on-inverse shadow-sm"
        >
          Scroll for more →
        </span>
      )}
    </div>
  );
}

type CellAttributes = TdHTMLAttributes<HTMLTableCellElement> & Record<`data-${string}`, string | undefined>;

export type Column<T> = {
  /** The header's text, and the column's key. */
  name: string;
  /** What the header shows instead of `name` (an abbreviation, a sort button). */
  header?: ReactNode;
  align?: 'left' | 'right';
  /** Figures: right-aligned, in digits of one width. */
  numeric?: boolean;
  /** On the header and every cell of the column: widths, and at which widths the column shows. */
  className?: string;
  /** On the body cells alone: type, truncation, colour. */
  cellClassName?: string | ((row: T) => string | false | undefined);
  /** The cell names its row (`<th scope="row">`); in cards, the card's title. */
  rowHeader?: boolean;
  /** The label above the value in a card (`cards`); the column's name unless given ('' for none). */
  cardLabel?: string;
  /** More attributes of a body cell (a title, a test id). */
  cellProps?: (row: T) => CellAttributes;
  /** More attributes of the header cell (aria-sort). */
  headerProps?: CellAttributes;
  cell: (row: T) => ReactNode;
};

/** A table's parts as cards below `sm`: a block per row, its cells in a two-column grid under their labels. */
const CARD = {
  table: 'max-sm:block max-sm:min-w-0',
  row: 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3',
  title: 'max-sm:col-span-2 max-sm:block max-sm:max-w-none max-sm:p-0 max-sm:text-left max-sm:text-base',
  cell: cn(
    'max-sm:block max-sm:max-w-none max-sm:min-w-0 max-sm:p-0 max-sm:text-left',
    'max-sm:before:block max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-fg-muted',
    'max-sm:before:content-[attr(data-label)]',
  ),
};

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | boolean | undefined>;

/**
 * The dashboard's table: a header row of uppercase labels, a row a record, in a ScrollTable. Columns say what
 * their cells show; `caption` (read by screen readers) says what the rows are.
 */
export function DataTable<T>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  className,
  headClassName,
  cellPadding = 'px-4 py-2.5',
  testId,
  busy,
  foot,
  cards = false,
}: {
  label: string;
  caption?: ReactNode;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  rowProps?: (row: T) => RowAttributes;
  /** The table's own classes: its least width before it scrolls. */
  className?: string;
  headClassName?: string;
  cellPadding?: string;
  testId?: string;
  busy?: boolean;
  /** The `<tfoot>` rows (totals). */
  foot?: ReactNode;
  /**
   * Below the `sm` width each row is a card instead (#60): the row-header column (else the first) as its title,
   * every other cell under its column's name, two to a line; nothing to scroll sideways.
   */
  cards?: boolean;
}) {
  const alignOf = (c: Column<T>) => (c.numeric || c.align === 'right' ? 'text-right' : 'text-left');
  const titleColumn = cards ? (columns.find((c) => c.rowHeader) ?? columns[0]) : undefined;
  return (
    <ScrollTable label={label}>
      <table
        className={cn('w-full text-sm', className, cards && CARD.table)}
        data-testid={testId}
        data-layout={cards ? 'cards' : undefined}
        aria-busy={busy}
      >
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={cn('border-b border-line bg-surface-muted', headClassName, cards && 'max-sm:sr-only')}>
          <tr>
            {columns.map((c) => (
              <th key={c.name} scope="col" className={cn(th, alignOf(c), c.className)} {...c.headerProps}>
                {c.header ?? c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn('divide-y divide-line-subtle', cards && 'max-sm:block')}>
          {rows.map((row) => {
            const { className: rowClass, ...attributes } = rowProps?.(row) ?? {};
            return (
              <tr
                key={rowKey(row)}
                className={cn('hover:bg-surface-muted', cards && CARD.row, rowClass)}
                {...attributes}
              >
                {columns.map((c) => {
                  const Cell = c.rowHeader ? 'th' : 'td';
                  const own = typeof c.cellClassName === 'function' ? c.cellClassName(row) : c.cellClassName;
                  const label = c.cardLabel ?? c.name;
                  return (
                    <Cell
                      key={c.name}
                      scope={c.rowHeader ? 'row' : undefined}
                      data-label={cards && c !== titleColumn && label ? label : undefined}
                      className={cn(
                        cellPadding,
                        alignOf(c),
                        c.numeric && 'tabular-nums',
                        c.className,
                        own,
                        cards && (c === titleColumn ? CARD.title : CARD.cell),
                      )}
                      {...c.cellProps?.(row)}
                    >
                      {c.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
        {foot && <tfoot className="border-t border-line">{foot}</tfoot>}
      </table>
    </ScrollTable>
  );
}

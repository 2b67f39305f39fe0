import type { ReactNode } from 'react';
import './stacked-table.css';

export interface StackedTableRow {
  key: string;
  /** One cell per column; the first is the row's heading. */
  cells: readonly ReactNode[];
}

interface StackedTableProps {
  caption: ReactNode;
  /** Column headings; the first column holds the row headings. */
  columns: readonly string[];
  rows: readonly StackedTableRow[];
  className?: string;
}

/**
 * A data table (caption, column and row header cells) that phones show as a list of cards: each
 * row a card headed by its row heading, each cell under its column's name (stacked-table.css,
 * at 767 px and below). Nothing scrolls sideways and nothing is cut off.
 *
 * The explicit roles are deliberate: Chromium keeps a table's semantics when its parts are
 * displayed as blocks, but WebKit (VoiceOver on iPhones) has dropped them, and the roles keep a
 * screen reader reading it as a table at every width.
 * The column names shown on a phone come from data-label through CSS with empty alternative text,
 * so they are not read twice (the column header is announced already).
 */
export function StackedTable({ caption, columns, rows, className }: StackedTableProps) {
  return (
    <table className={className ? `stacked-table ${className}` : 'stacked-table'} role="table">
      <caption>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th key={column} scope="col" role="columnheader">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={row.key} role="row">
            {row.cells.map((cell, index) =>
              index === 0 ? (
                <th key={index} scope="row" role="rowheader">
                  {cell}
                </th>
              ) : (
                <td key={index} role="cell" data-label={columns[index]}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

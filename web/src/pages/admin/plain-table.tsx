import type { ReactNode } from 'react';

export type PlainTableProps = {
  caption: string;
  headers: string[];
  /** One array of cells per row, in the order of `headers`, each with its key. */
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
};

/** A small read-only table (an account's wallets, sessions, …), scrolling sideways in its own box. */
export function PlainTable({ caption, headers, rows, empty }: PlainTableProps) {
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  return (
    // A group, not a region: the section around it is usually a landmark of the same name,
    // and two landmarks of one name are one too many (axe's landmark-unique).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to be scrolled.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls, not a table.
    <div className="admin-table-scroll" role="group" aria-label={caption} tabIndex={0}>
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, one per header.
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

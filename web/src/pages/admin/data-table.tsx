import { Trans } from '@lingui/react/macro';
import { flexRender, type Table } from '@tanstack/react-table';

export type DataTableProps<Row> = {
  table: Table<Row>;
  /** Names the table (its caption, read by screen readers) and its scrolling region. */
  caption: string;
  /** Shown in place of rows when there are none. */
  empty: string;
  /** Shown in place of rows before the first answer. */
  loading?: boolean;
};

/**
 * A TanStack table as plain HTML: a caption, column headers that are `th scope="col"`,
 * and a container of its own that scrolls sideways on a narrow screen, so the page
 * itself never does. The container is focusable, so the keyboard can scroll it too.
 */
export function DataTable<Row>({ table, caption, empty, loading = false }: DataTableProps<Row>) {
  const columnCount = table.getVisibleLeafColumns().length;
  const rows = table.getRowModel().rows;
  return (
    // A group, not a region: the section around it is usually a landmark of the same name,
    // and two landmarks of one name are one too many (axe's landmark-unique).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to be scrolled.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls, not a table.
    <div className="admin-table-scroll" role="group" aria-label={caption} tabIndex={0}>
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="muted admin-table-empty">
                {loading ? <Trans>Loading…</Trans> : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} data-testid="admin-row">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

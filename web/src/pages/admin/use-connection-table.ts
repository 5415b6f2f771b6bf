import { getCoreRowModel, type TableOptions, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';

const noRows: never[] = [];

/**
 * A TanStack table over one page of a connection. The rows keep their identity until
 * the page changes, and paging is the server's (`manualPagination`): otherwise the
 * table resets its own page index on every new rows array, which re-renders, which
 * makes a new array… a loop that froze the browser.
 */
export function useConnectionTable<Row extends { id: string }>(
  edges: readonly { node: Row }[] | undefined,
  columns: TableOptions<Row>['columns'],
) {
  const data = useMemo(() => edges?.map((edge) => edge.node) ?? noRows, [edges]);
  return useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualPagination: true,
  });
}

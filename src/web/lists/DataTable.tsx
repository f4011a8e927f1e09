// A list shown as a table (spec §3 "Table column": name, label, hidden, sortable) on react-aria's
// Table with Bootstrap Italia's table classes: sortable headers send the column's sort field (the
// list query machine toggles the direction on the same field), an empty page says so, and the
// widths follow table-layout.ts. A screen that hides its table on a phone renders LazyDataTable.tsx.
import type { CSSProperties, ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader, type SortDescriptor } from 'react-aria-components';
import type { Sort } from '#shared/api/list-query.ts';
import { columnWidths } from './table-layout.ts';

export interface TableColumn<TItem> {
  name: string;
  label: string;
  hidden?: boolean;
  /** The list's sort field for this column; absent: not sortable. */
  sortField?: string;
  /** Long texts: 1.3 times the average width. */
  wide?: boolean;
  /** The cell that names the row for assistive technology. */
  isRowHeader?: boolean;
  /** Short values that read badly when wrapped (dates, codes). */
  nowrap?: boolean;
  render: (item: TItem) => ReactNode;
}

export interface DataTableProps<TItem> {
  label: string;
  columns: ReadonlyArray<TableColumn<TItem>>;
  items: readonly TItem[];
  rowKey: (item: TItem) => string | number;
  sort: Sort;
  onSort: (field: string) => void;
  emptyText: string;
}

export function DataTable<TItem>({ label, columns, items, rowKey, sort, onSort, emptyText }: DataTableProps<TItem>) {
  const visible = columns.filter((column) => !column.hidden);
  const widths = columnWidths(visible.length, visible.filter((column) => column.wide).length);
  const sorted = visible.find((column) => column.sortField === sort.field);
  const descriptor: SortDescriptor | undefined = sorted ? { column: sorted.name, direction: sort.type === 'asc' ? 'ascending' : 'descending' } : undefined;
  const onSortChange = (next: SortDescriptor) => {
    const field = visible.find((column) => column.name === next.column)?.sortField;
    if (field) onSort(field);
  };
  return (
    <div className="app-table-scroll" style={{ '--app-table-min-width': `${widths.minTableWidthPx}px` } as CSSProperties}>
      <Table aria-label={label} className="table app-table" sortDescriptor={descriptor} onSortChange={onSortChange}>
        <TableHeader>
          {visible.map((column) => (
            <Column
              key={column.name}
              id={column.name}
              isRowHeader={column.isRowHeader}
              allowsSorting={Boolean(column.sortField)}
              style={{ width: `${column.wide ? widths.wide : widths.normal}%` }}
            >
              {({ allowsSorting, sortDirection }) => (
                <>
                  {column.label}
                  {allowsSorting && (
                    <span className="app-sort-indicator" aria-hidden="true">
                      {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : '⇅'}
                    </span>
                  )}
                </>
              )}
            </Column>
          ))}
        </TableHeader>
        <TableBody items={items.map((item) => ({ id: rowKey(item), item }))} renderEmptyState={() => <p className="app-empty-list mb-0">{emptyText}</p>}>
          {({ id, item }) => (
            <Row id={id}>
              {visible.map((column) => (
                <Cell key={column.name} className={column.nowrap ? 'app-nowrap' : undefined}>
                  {column.render(item)}
                </Cell>
              ))}
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

// Spec §9 "Table: minimum column width 260 px; width factor 1.3 of the average column width", read
// as: on a wide screen the columns share the table, the wide ones (long texts: office, request
// type, e-mail) 1.3 times the average column width and the others the rest; on a small screen no
// column is narrower than 260 px and the table scrolls sideways instead of squeezing its texts.
export const TABLE_MIN_COLUMN_WIDTH_PX = 260;
export const TABLE_WIDTH_FACTOR = 1.3;

export interface ColumnWidths {
  /** Percentage of the table width of a wide column and of any other column. */
  wide: number;
  normal: number;
  /** Minimum table width on small screens. */
  minTableWidthPx: number;
}

export function columnWidths(columnCount: number, wideCount: number): ColumnWidths {
  const columns = Math.max(1, Math.floor(columnCount));
  const wideColumns = Math.min(Math.max(0, Math.floor(wideCount)), columns);
  const average = 100 / columns;
  // All wide or none wide: every column gets the average.
  const even = wideColumns === 0 || wideColumns === columns;
  const wide = even ? average : average * TABLE_WIDTH_FACTOR;
  const normal = even ? average : (100 - wide * wideColumns) / (columns - wideColumns);
  const round = (value: number) => Math.round(value * 100) / 100;
  return { wide: round(wide), normal: round(normal), minTableWidthPx: columns * TABLE_MIN_COLUMN_WIDTH_PX };
}

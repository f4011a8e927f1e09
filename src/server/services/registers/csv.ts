// The CSV files the administration keeps its registers in (offices, initiative catalogue): a header
// row naming the columns, commas or semicolons (a spreadsheet saved in Italian uses semicolons), UTF-8
// with or without a byte-order mark. docs/deployment.md, "Offices and their PEC addresses".
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export interface CsvRow {
  /** The row's line in the file, for messages. */
  line: number;
  values: Record<string, string>;
}

export class RegisterFileError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

/** Reads `text` into rows keyed by the header's column names; refuses a missing required column. */
export function readCsv(text: string, required: readonly string[]): CsvRow[] {
  const content = text.replace(/^\uFEFF/, '');
  const header = content.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = header.includes(';') ? ';' : ',';
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(content, {
      columns: (names: string[]) => names.map((n) => n.trim().toLowerCase()),
      delimiter,
      skip_empty_lines: true,
      trim: true,
      info: true,
    });
  } catch (error) {
    throw new RegisterFileError([`the file is not readable CSV: ${(error as Error).message}`]);
  }
  const columns = header.split(delimiter).map((n) => n.trim().replace(/^"|"$/g, '').toLowerCase());
  const absent = required.filter((name) => !columns.includes(name));
  if (absent.length > 0)
    throw new RegisterFileError([`the header row lacks the column${absent.length > 1 ? 's' : ''} ${absent.join(', ')} (it must name ${required.join(', ')})`]);
  // Line numbers as a spreadsheet shows them: the header is line 1.
  return records.map(({ record, info }) => ({ line: info.lines, values: record }));
}

export function writeCsv(columns: readonly string[], rows: Record<string, string>[]): string {
  return stringify(rows, { header: true, columns: [...columns], delimiter: ';' });
}

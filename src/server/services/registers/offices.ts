// The administration's register of one-stop shops: `npm run import:offices -- FILE.csv` adds or
// updates each office by its IPA code, with its PEC address, the ISTAT codes of the municipalities it
// serves and, for an office that works through its own portal, that portal's address. The whole file
// is checked first; one bad row stores nothing. An office without a PEC address is kept but receives
// no request (docs/deployment.md, "Offices and their PEC addresses").
import type { Kysely } from 'kysely';
import { Patterns } from '#shared/patterns.ts';
import { foldForSearch } from '#shared/text.ts';
import type { Database } from '../../db/schema.ts';
import { type CsvRow, RegisterFileError, readCsv, writeCsv } from './csv.ts';
import { bumpRegistersVersion } from './version.ts';

export const OFFICE_COLUMNS = ['name', 'ipa_code', 'pec', 'istat_codes', 'url'] as const;
const REQUIRED = ['name', 'ipa_code', 'pec', 'istat_codes'] as const;

export interface OfficeRow {
  name: string;
  ipaCode: string;
  pec: string | null;
  istatCodes: string[];
  url: string | null;
}

export interface OfficeImportReport {
  added: number;
  updated: number;
  withoutPec: number;
  municipalities: number;
}

// Names as the IPA index writes them: any printable text but control and bidirectional characters.
const PRINTABLE = /^[^\p{Cc}\p{Cf}]+$/u;

function checkRow({ line, values }: CsvRow, municipalities: Map<string, number>): { office?: OfficeRow; problems: string[] } {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`line ${line}: ${text}`);
  const name = values.name ?? '';
  const ipaCode = values.ipa_code ?? '';
  const pec = values.pec ?? '';
  const url = values.url ?? '';
  if (!name || name.length > 255 || !PRINTABLE.test(name)) say(`name must be the office's name (1 to 255 printable characters).`);
  if (!Patterns.ipaCode.test(ipaCode) || ipaCode.length > 100) say(`ipa_code "${ipaCode}" is not an IPA code (letters, digits and underscores).`);
  if (pec && (!Patterns.email.test(pec) || pec.length > 255)) say(`pec "${pec}" is not an e-mail address (leave it empty while the office has none).`);
  if (url) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      // reported below
    }
    if (!parsed || !['https:', 'http:'].includes(parsed.protocol)) say(`url "${url}" is not a web address (https://…).`);
  }
  const istatCodes = [...new Set((values.istat_codes ?? '').split(/[\s|,;]+/).filter(Boolean))];
  if (istatCodes.length === 0) say('istat_codes must name at least one municipality the office serves (ISTAT codes, e.g. 015146).');
  const unknown = istatCodes.filter((code) => !municipalities.has(code));
  if (unknown.length > 0) say(`no municipality has the ISTAT code${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}.`);
  if (problems.length > 0) return { problems };
  return { office: { name, ipaCode, pec: pec || null, istatCodes, url: url || null }, problems };
}

/** Checks every row of an office file; throws RegisterFileError listing every problem found. */
export async function readOfficeFile(db: Kysely<Database>, text: string): Promise<OfficeRow[]> {
  const rows = readCsv(text, REQUIRED);
  const municipalities = new Map(
    (await db.selectFrom('municipalities').select(['istat_code', 'municipality_id']).execute()).map((m) => [m.istat_code, m.municipality_id]),
  );
  const problems: string[] = [];
  const offices: OfficeRow[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const checked = checkRow(row, municipalities);
    problems.push(...checked.problems);
    if (!checked.office) continue;
    const earlier = seen.get(checked.office.ipaCode);
    if (earlier !== undefined) problems.push(`line ${row.line}: ipa_code ${checked.office.ipaCode} is already on line ${earlier}.`);
    seen.set(checked.office.ipaCode, row.line);
    offices.push(checked.office);
  }
  if (rows.length === 0) problems.push('the file has no office below its header row.');
  if (problems.length > 0) throw new RegisterFileError(problems);
  return offices;
}

/** Adds or updates each office by IPA code and sets the municipalities it serves, all or nothing. */
export async function importOffices(db: Kysely<Database>, offices: OfficeRow[]): Promise<OfficeImportReport> {
  const report: OfficeImportReport = { added: 0, updated: 0, withoutPec: 0, municipalities: 0 };
  await db.transaction().execute(async (trx) => {
    await bumpRegistersVersion(trx);
    const ids = new Map(
      (await trx.selectFrom('municipalities').select(['istat_code', 'municipality_id']).execute()).map((m) => [m.istat_code, m.municipality_id]),
    );
    for (const office of offices) {
      const row = {
        name: office.name,
        pec: office.pec,
        type: office.url ? ('EXT' as const) : ('INT' as const),
        url: office.url,
        search_text: foldForSearch(office.name),
        ipa_code: office.ipaCode,
      };
      const existing = await trx.selectFrom('suap').select('suap_id').where('ipa_code', '=', office.ipaCode).executeTakeFirst();
      let suapId: number;
      if (existing) {
        suapId = existing.suap_id;
        await trx.updateTable('suap').set(row).where('suap_id', '=', suapId).execute();
        report.updated++;
      } else {
        suapId = (await trx.insertInto('suap').values(row).returning('suap_id').executeTakeFirstOrThrow()).suap_id;
        report.added++;
      }
      await trx.deleteFrom('suap_municipality').where('suap_id', '=', suapId).execute();
      await trx
        .insertInto('suap_municipality')
        .values(office.istatCodes.map((code) => ({ suap_id: suapId, municipality_id: ids.get(code)! })))
        .execute();
      if (!office.pec) report.withoutPec++;
      report.municipalities += office.istatCodes.length;
    }
  });
  return report;
}

/** The offices as an import file takes them back (demo offices without an IPA code get none). */
export async function exportOffices(db: Kysely<Database>): Promise<string> {
  const offices = await db.selectFrom('suap').select(['suap_id', 'name', 'ipa_code', 'pec', 'url']).orderBy('name').execute();
  const served = await db
    .selectFrom('suap_municipality as sm')
    .innerJoin('municipalities as m', 'm.municipality_id', 'sm.municipality_id')
    .select(['sm.suap_id', 'm.istat_code'])
    .orderBy('m.istat_code')
    .execute();
  const codes = new Map<number, string[]>();
  for (const { suap_id, istat_code } of served) codes.set(suap_id, [...(codes.get(suap_id) ?? []), istat_code]);
  return writeCsv(
    OFFICE_COLUMNS,
    offices.map((o) => ({ name: o.name, ipa_code: o.ipa_code ?? '', pec: o.pec ?? '', istat_codes: (codes.get(o.suap_id) ?? []).join(' '), url: o.url ?? '' })),
  );
}

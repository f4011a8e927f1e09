// The initiative catalogue (the proceedings offered, in Italian and English). The portal ships a
// default the administration reviews: `npm run export:initiatives` writes it as CSV and
// `npm run import:initiatives -- FILE.csv` makes the file the catalogue: each initiative is added or
// updated by its code, and one missing from the file is withdrawn (kept for the requests that name
// it, no longer offered). The whole file is checked first; one bad row stores nothing. The keywords
// (keywords_it, keywords_en: the everyday words people search by, docs/architecture.md "The citizen's
// journey with real data") are optional columns, so a file written before them still imports.
import type { Kysely } from 'kysely';
import { Patterns } from '#shared/patterns.ts';
import { foldForSearch } from '#shared/text.ts';
import type { Database } from '../../db/schema.ts';
import { RegisterFileError, readCsv, writeCsv } from './csv.ts';
import { bumpRegistersVersion } from './version.ts';

export const INITIATIVE_COLUMNS = ['code', 'type_id', 'activity_it', 'activity_en', 'description_it', 'description_en', 'area_it', 'area_en'] as const;
const KEYWORD_COLUMNS = ['keywords_it', 'keywords_en'] as const;
const TEXTS = ['activity_it', 'activity_en', 'description_it', 'description_en', 'area_it', 'area_en'] as const;

export interface InitiativeRow {
  code: string;
  typeId: number;
  texts: Record<(typeof TEXTS)[number], string>;
  keywords: Record<(typeof KEYWORD_COLUMNS)[number], string>;
}

/** What an initiative's search in each language reads: its texts, code and keywords, folded. */
export function initiativeSearchTexts(code: string, texts: InitiativeRow['texts'], keywords: InitiativeRow['keywords']) {
  return {
    search_text_it: foldForSearch(`${texts.activity_it} ${texts.description_it} ${texts.area_it} ${code} ${keywords.keywords_it}`),
    search_text_en: foldForSearch(`${texts.activity_en} ${texts.description_en} ${texts.area_en} ${code} ${keywords.keywords_en}`),
  };
}

export interface InitiativeImportReport {
  added: number;
  updated: number;
  withdrawn: number;
}

export async function readInitiativeFile(db: Kysely<Database>, text: string): Promise<InitiativeRow[]> {
  const rows = readCsv(text, INITIATIVE_COLUMNS);
  const types = new Set((await db.selectFrom('type_iniziative').select('type_iniziative_id').execute()).map((t) => t.type_iniziative_id));
  const problems: string[] = [];
  const initiatives: InitiativeRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of rows) {
    const say = (message: string) => problems.push(`line ${line}: ${message}`);
    const code = values.code ?? '';
    const typeId = Number(values.type_id);
    if (!/^[A-Za-z0-9._-]{1,50}$/.test(code)) say(`code "${code}" must be 1 to 50 letters, digits, dots, hyphens or underscores.`);
    else if (seen.has(code)) say(`code ${code} is already on line ${seen.get(code)}.`);
    seen.set(code, line);
    if (!types.has(typeId)) say(`type_id "${values.type_id ?? ''}" is not an initiative type (${[...types].sort().join(', ')}).`);
    const texts = {} as InitiativeRow['texts'];
    for (const column of TEXTS) {
      const value = values[column] ?? '';
      // The wizard and the PDF show these; spec §5's extended text is what they may hold.
      if (!value || value.length > 500 || !Patterns.extendedText.test(value))
        say(`${column} must be 1 to 500 letters, digits, spaces and . , ' ’ ; : - ( / ) ? (got "${value}").`);
      texts[column] = value;
    }
    const keywords = {} as InitiativeRow['keywords'];
    for (const column of KEYWORD_COLUMNS) {
      const value = values[column] ?? '';
      if (value.length > 500 || !Patterns.keywords.test(value))
        say(`${column} must be at most 500 letters, digits, spaces and , . ' ’ & / - (words separated by commas; got "${value}").`);
      keywords[column] = value;
    }
    initiatives.push({ code, typeId, texts, keywords });
  }
  if (rows.length === 0) problems.push('the file has no initiative below its header row.');
  if (problems.length > 0) throw new RegisterFileError(problems);
  return initiatives;
}

export async function importInitiatives(db: Kysely<Database>, initiatives: InitiativeRow[]): Promise<InitiativeImportReport> {
  const report: InitiativeImportReport = { added: 0, updated: 0, withdrawn: 0 };
  await db.transaction().execute(async (trx) => {
    await bumpRegistersVersion(trx);
    const existing = new Set((await trx.selectFrom('iniziative').select('code').execute()).map((i) => i.code));
    for (const { code, typeId, texts, keywords } of initiatives) {
      const row = {
        type_iniziative_id: typeId,
        description_it: texts.description_it,
        description_en: texts.description_en,
        activity_it: texts.activity_it,
        activity_en: texts.activity_en,
        area_it: texts.area_it,
        area_en: texts.area_en,
        ...keywords,
        ...initiativeSearchTexts(code, texts, keywords),
        offered: true,
      };
      await trx
        .insertInto('iniziative')
        .values({ code, ...row })
        .onConflict((oc) => oc.column('code').doUpdateSet(row))
        .execute();
      if (existing.has(code)) report.updated++;
      else report.added++;
    }
    const withdrawn = await trx
      .updateTable('iniziative')
      .set({ offered: false })
      .where('offered', '=', true)
      .where(
        'code',
        'not in',
        initiatives.map((i) => i.code),
      )
      .executeTakeFirst();
    report.withdrawn = Number(withdrawn.numUpdatedRows);
  });
  return report;
}

/** The offered catalogue as an import file takes it back. */
export async function exportInitiatives(db: Kysely<Database>): Promise<string> {
  const rows = await db.selectFrom('iniziative').selectAll().where('offered', '=', true).orderBy('code').execute();
  return writeCsv(
    [...INITIATIVE_COLUMNS, ...KEYWORD_COLUMNS],
    rows.map((r) => ({
      code: r.code,
      type_id: String(r.type_iniziative_id),
      activity_it: r.activity_it,
      activity_en: r.activity_en,
      description_it: r.description_it,
      description_en: r.description_en,
      area_it: r.area_it,
      area_en: r.area_en,
      keywords_it: r.keywords_it,
      keywords_en: r.keywords_en,
    })),
  );
}

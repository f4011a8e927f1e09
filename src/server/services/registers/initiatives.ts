// The initiative catalogue (the proceedings offered, in Italian and English). The portal ships a
// default the administration reviews: `npm run export:initiatives` writes it as CSV and
// `npm run import:initiatives -- FILE.csv` makes the file the catalogue: each initiative is added or
// updated by its code, and one missing from the file is withdrawn (kept for the requests that name
// it, no longer offered). The whole file is checked first; one bad row stores nothing. The keywords
// (keywords_it, keywords_en: the everyday words people search by, docs/architecture.md "The citizen's
// journey with real data") are optional columns, so a file written before them still imports. So is
// `requirements` (docs/architecture.md "What each initiative needs"): the documents the initiative
// asks for, comma-separated codes of the catalogue, each required, `(optional)`, or `(intermediary)`
// (required when an intermediary files): "SCIA_FORM, FLOOR_PLAN, POWER_OF_ATTORNEY (intermediary),
// FEES_RECEIPT (optional)". A file that leaves it out or empty keeps an initiative's documents; a new
// initiative without them gets the defaults of its type and area.
import type { Kysely } from 'kysely';
import { Patterns } from '#shared/patterns.ts';
import { foldForSearch } from '#shared/text.ts';
import type { RequirementInSet } from '#shared/requirement-catalogue.ts';
import type { Database } from '../../db/schema.ts';
import { fillRequirementCatalogue } from '../../db/seed/requirements.ts';
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
  /** The documents it asks for; null keeps those it has (a new initiative gets the defaults). */
  requirements: RequirementInSet[] | null;
}

const REQUIREMENTS_COLUMN = 'requirements';
const REQUIREMENT_ITEM = /^([A-Z][A-Z0-9_]{1,39})(?:\s*\((optional|intermediary)\))?$/;

/** Reads a `requirements` cell; a string names what is wrong. */
function parseRequirements(cell: string, known: ReadonlySet<string>): RequirementInSet[] | null | string {
  if (cell.trim() === '') return null;
  const list: RequirementInSet[] = [];
  for (const item of cell.split(',').map((part) => part.trim())) {
    const match = REQUIREMENT_ITEM.exec(item);
    if (!match) return `"${item}" is not CODE, CODE (optional) or CODE (intermediary)`;
    const [, code, condition] = match as unknown as [string, string, string | undefined];
    if (!known.has(code)) return `${code} is not a document of the catalogue (${[...known].sort().join(', ')})`;
    if (list.some((requirement) => requirement.code === code)) return `${code} is named twice`;
    list.push({ code, required: condition === undefined, requiredWhen: condition === 'intermediary' ? 'intermediary' : null });
  }
  return list;
}

function formatRequirements(rows: readonly { requirement_code: string; required: boolean; required_when: string | null }[]): string {
  return rows
    .map((row) => (row.required ? row.requirement_code : `${row.requirement_code} (${row.required_when === 'intermediary' ? 'intermediary' : 'optional'})`))
    .join(', ');
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
  const known = new Set((await db.selectFrom('document_requirement').select('code').execute()).map((row) => row.code));
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
    const requirements = parseRequirements(values[REQUIREMENTS_COLUMN] ?? '', known);
    if (typeof requirements === 'string') say(`${REQUIREMENTS_COLUMN}: ${requirements}.`);
    initiatives.push({ code, typeId, texts, keywords, requirements: typeof requirements === 'string' ? null : requirements });
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
    for (const { code, typeId, texts, keywords, requirements } of initiatives) {
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
      if (requirements) {
        const { iniziative_id } = await trx.selectFrom('iniziative').select('iniziative_id').where('code', '=', code).executeTakeFirstOrThrow();
        await trx.deleteFrom('iniziative_requirement').where('iniziative_id', '=', iniziative_id).execute();
        if (requirements.length > 0) {
          await trx
            .insertInto('iniziative_requirement')
            .values(requirements.map((r) => ({ iniziative_id, requirement_code: r.code, required: r.required, required_when: r.requiredWhen })))
            .execute();
        }
      }
    }
    // A new initiative the file gives no documents gets its type's and area's.
    await fillRequirementCatalogue(trx);
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
  const documents = await db
    .selectFrom('iniziative_requirement as r')
    .innerJoin('document_requirement as d', 'd.code', 'r.requirement_code')
    .select(['r.iniziative_id', 'r.requirement_code', 'r.required', 'r.required_when'])
    .orderBy('r.required', 'desc')
    .orderBy('d.position')
    .orderBy('d.code')
    .execute();
  const documentsOf = (iniziativeId: number) => documents.filter((row) => row.iniziative_id === iniziativeId);
  return writeCsv(
    [...INITIATIVE_COLUMNS, ...KEYWORD_COLUMNS, REQUIREMENTS_COLUMN],
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
      [REQUIREMENTS_COLUMN]: formatRequirements(documentsOf(r.iniziative_id)),
    })),
  );
}

// The two documents the service page offers for download (spec §2), generated rather than stored:
// an informative note on DPR 160/2010 (the SUAP regulation) and the list of initiatives and
// requirements, read from the iniziative table so it always matches what the wizard offers.
import type { Kysely } from 'kysely';
import type { Language } from '#shared/constants.ts';
import { SERVICE_REQUIREMENTS } from '#shared/service-requirements.ts';
import type { Database } from '../../db/schema.ts';
import { DECREE_TEXT, INIZIATIVE_LIST_TEXT, NORMATTIVA_DPR_160_URL } from './download-texts.ts';
import { createTaggedPdf } from './tagged.ts';

export interface DownloadOptions {
  language: Language;
  administrationName: string;
  now?: Date;
}

function formatDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Rome' }).format(
    date,
  );
}

export function renderDecree160(options: DownloadOptions): Promise<Buffer> {
  const t = DECREE_TEXT[options.language];
  const pdf = createTaggedPdf({ language: options.language, title: t.title, subject: t.summaryHeading, author: options.administrationName });
  pdf.heading(t.title, 'H1');
  pdf.paragraph(t.officialTitle, { size: 11.5 });
  pdf.heading(t.summaryHeading, 'H2');
  pdf.list(t.summary);
  pdf.heading(t.portalHeading, 'H2');
  pdf.paragraph(t.portal);
  pdf.heading(t.officialHeading, 'H2');
  pdf.paragraph(t.official);
  pdf.link(t.linkText, NORMATTIVA_DPR_160_URL);
  pdf.paragraph(NORMATTIVA_DPR_160_URL, { size: 9, muted: true });
  pdf.paragraph(t.disclaimer, { size: 10, muted: true });
  pdf.paragraph(`${t.generated} ${options.administrationName}`, { size: 9, muted: true });
  return pdf.finish();
}

export interface InitiativeGroup {
  type: string;
  areas: { area: string; items: { code: string; activity: string; description: string }[] }[];
}

/** Initiatives grouped by type (in type order) and area (alphabetical), in the language asked. */
export async function loadInitiativeGroups(db: Kysely<Database>, language: Language): Promise<InitiativeGroup[]> {
  const rows = await db
    .selectFrom('iniziative as i')
    .innerJoin('type_iniziative as t', 't.type_iniziative_id', 'i.type_iniziative_id')
    .select([
      'i.code',
      'i.type_iniziative_id',
      'i.activity_it',
      'i.activity_en',
      'i.description_it',
      'i.description_en',
      'i.area_it',
      'i.area_en',
      't.description_it as type_it',
      't.description_en as type_en',
    ])
    .orderBy('i.type_iniziative_id')
    .orderBy(language === 'it' ? 'i.area_it' : 'i.area_en')
    .orderBy(language === 'it' ? 'i.activity_it' : 'i.activity_en')
    .orderBy('i.code')
    .execute();
  const groups: InitiativeGroup[] = [];
  for (const row of rows) {
    const type = language === 'it' ? row.type_it : row.type_en;
    const area = language === 'it' ? row.area_it : row.area_en;
    let group = groups[groups.length - 1];
    if (group?.type !== type) groups.push((group = { type, areas: [] }));
    let section = group.areas[group.areas.length - 1];
    if (section?.area !== area) group.areas.push((section = { area, items: [] }));
    section.items.push({
      code: row.code,
      activity: language === 'it' ? row.activity_it : row.activity_en,
      description: language === 'it' ? row.description_it : row.description_en,
    });
  }
  return groups;
}

export function renderInitiativeList(groups: readonly InitiativeGroup[], options: DownloadOptions): Promise<Buffer> {
  const t = INIZIATIVE_LIST_TEXT[options.language];
  const requirements = SERVICE_REQUIREMENTS[options.language];
  const pdf = createTaggedPdf({ language: options.language, title: t.title, subject: t.title, author: options.administrationName });
  pdf.heading(t.title, 'H1');
  pdf.paragraph(options.administrationName);
  pdf.paragraph(t.intro);
  pdf.heading(requirements.title, 'H2');
  pdf.paragraph(requirements.intro);
  pdf.list(requirements.items);
  pdf.heading(t.listHeading, 'H2');
  pdf.paragraph(t.listIntro);
  if (groups.length === 0) pdf.paragraph(t.empty);
  for (const group of groups) {
    pdf.heading(group.type, 'H2');
    for (const section of group.areas) {
      pdf.heading(section.area, 'H3');
      for (const item of section.items) pdf.labelled(`${item.activity} (${t.code} ${item.code}).`, item.description);
    }
  }
  pdf.paragraph(`${t.generated} ${formatDate(options.now ?? new Date(), options.language)}`, { size: 9, muted: true });
  return pdf.finish();
}

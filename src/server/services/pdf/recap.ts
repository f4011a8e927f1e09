// The PDF recap of a request: real text in an embedded font, tagged for assistive technology
// (PDF/UA identification, structure tree, document language and displayed title). A sent pratica
// adds its regime and terms, and its history tells each event in the details pages' words, who
// acted by role (by name too on the office's copy), the states it moved between and its note
// (docs/architecture.md "The pratica's lifecycle").
import { formatCalendarDay } from '#shared/dates.ts';
import { EMPTY_VALUE, isEmptyValue } from '#shared/empty-value.ts';
import PDFDocument from 'pdfkit';
import { FONT_BOLD, FONT_REGULAR } from './fonts.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { activityAddressLine } from '#shared/api/activity-address.ts';
import type { Language } from '#shared/constants.ts';
import { REQUEST_STATES } from '../../db/seed/reference.ts';
import { RECAP_TEXT, type RecapText } from './texts.ts';
import { businessRecap } from './business-recap.ts';
import { residenceAbroadLine } from '#shared/api/residence-abroad.ts';
import type { NamedAttachment } from '#shared/document-display.ts';
import { DOCUMENT_TEXT, documentRows, requirementName } from './document-texts.ts';
import { historyWords, regimeText } from './pratica-texts.ts';

export interface RecapOptions {
  language: Language;
  administrationName: string;
  /** Staff readers see who acted; citizens see staff by role only. */
  forStaff: boolean;
  /** The request's stored documents (docs/architecture.md "Where documents are shown"); none when absent. */
  documents?: readonly NamedAttachment[];
  now?: Date;
}

function formatDate(iso: string | null | undefined, language: Language, withTime = false): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    timeZone: 'Europe/Rome',
  }).format(date);
}

export { recapFileName } from '#shared/recap.ts';

export function renderRecap(request: SuapRequest, options: RecapOptions): Promise<Buffer> {
  const { language } = options;
  const t: RecapText = RECAP_TEXT[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    pdfVersion: '1.7',
    // pdfkit's types list only the PDF/A subsets; 'PDF/UA' is supported at run time (initPDFUA).
    subset: 'PDF/UA' as never,
    tagged: true,
    lang: language === 'it' ? 'it-IT' : 'en-GB',
    displayTitle: true,
    info: { Title: `${t.title} ${request.requestId}`, Author: options.administrationName, Subject: t.title, Creator: 'SUAP portal' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const root = doc.struct('Document');
  doc.addStructure(root);
  const heading = (text: string, level: 'H1' | 'H2' | 'H3') => {
    doc.moveDown(level === 'H1' ? 0 : level === 'H2' ? 0.8 : 0.5);
    root.add(
      doc.struct(level, {}, () =>
        doc
          .font('bold')
          .fontSize(level === 'H1' ? 20 : level === 'H2' ? 14 : 11.5)
          .fillColor('#003366')
          .text(text),
      ),
    );
  };
  // A value nobody gave is the portal's one empty value (the dash the screens show);
  // assistive technology reads the paragraph's ActualText, with words instead of the dash.
  const field = (label: string, value: string | null | undefined) => {
    const empty = isEmptyValue(value);
    root.add(
      doc.struct('P', empty ? { actual: `${label}: ${t.notProvided}` } : {}, () =>
        doc
          .font('bold')
          .fontSize(10.5)
          .fillColor('#1a1a1a')
          .text(`${label}: `, { continued: true })
          .font('regular')
          .text(empty ? EMPTY_VALUE : value),
      ),
    );
  };
  const stateName = (id: number | null) => {
    const state = REQUEST_STATES.find((s) => s.state_of_request_id === id);
    return state ? (language === 'it' ? state.description_it : state.description_en) : '';
  };

  heading(`${t.title} n. ${request.requestId}`, 'H1');
  root.add(doc.struct('P', {}, () => doc.font('regular').fontSize(11).fillColor('#1a1a1a').text(options.administrationName)));

  heading(t.details, 'H2');
  field(t.requestNumber, String(request.requestId));
  field(t.service, language === 'it' ? request.typeOfService.nameIt : request.typeOfService.nameEn);
  field(t.state, language === 'it' ? request.stateOfRequest.descriptionIt : request.stateOfRequest.descriptionEn);
  field(t.updatedOn, formatDate(request.updatedOn, language, true));
  field(t.sentOn, formatDate(request.sentRequestDate, language, true));
  if (request.doneOn) {
    field(t.doneOn, formatDate(request.doneOn, language, true));
    field(t.decisionReason, request.decisionReason);
  }
  // A calendar day (Europe/Rome), written as it is stored: no time zone can move it.
  if (request.storageLimit) field(t.storageLimit, formatCalendarDay(request.storageLimit));
  const pratica = request.pratica;
  if (pratica) {
    field(t.regime, regimeText(pratica.regime, pratica.times.proceedingDays, language));
    if (pratica.receivedOn) field(t.receivedOn, formatCalendarDay(pratica.receivedOn));
    // A decision's instant is "done on" above; an end by time or a withdrawal has its day here.
    if (pratica.concludedOn) {
      if (!request.doneOn) field(t.concludedOn, formatCalendarDay(pratica.concludedOn));
    } else if (pratica.suspendedSince) field(t.suspendedSince, formatCalendarDay(pratica.suspendedSince));
    else if (pratica.dueOn) field(t.dueOn, formatCalendarDay(pratica.dueOn));
    if (!pratica.concludedOn && pratica.integrationDueOn && pratica.suspendedSince) field(t.integrationDueOn, formatCalendarDay(pratica.integrationDueOn));
  }

  // Where the business will be: the municipality of the activity and the business's address in it.
  heading(t.place, 'H2');
  const place = request.municipality;
  const placeName = place ? (language === 'it' ? place.nameIt : place.nameEn) : null;
  field(t.activityMunicipality, place ? `${placeName} (${place.province.code})` : null);
  const activityAddress = request.personalData?.activityAddress;
  field(t.activityAddress, activityAddress ? activityAddressLine(activityAddress, place?.nameIt) : null);

  heading(t.office, 'H2');
  field(t.officeName, request.suap?.name);
  field(t.officePec, request.suap?.pec);

  heading(t.initiative, 'H2');
  const i = request.iniziative;
  field(t.activity, i ? (language === 'it' ? i.activityIt : i.activityEn) : null);
  field(t.area, i ? (language === 'it' ? i.areaIt : i.areaEn) : null);
  field(t.description, i ? (language === 'it' ? i.descriptionIt : i.descriptionEn) : null);
  field(t.code, i?.code);

  heading(t.contact, 'H2');
  const contact = request.procedureNotification;
  field(t.contactType, contact ? (contact.type === 2 ? t.contactPec : t.contactEmail) : null);
  field(t.contactValue, contact?.value);

  heading(t.personal, 'H2');
  const p = request.personalData;
  field(t.firstName, p?.firstName ?? request.user.firstName);
  field(t.lastName, p?.lastName ?? request.user.lastName);
  field(t.fiscalCode, p?.fiscalCode ?? request.user.fiscalCode);
  field(t.dateOfBirth, p?.dateOfBirth ? formatDate(`${p.dateOfBirth}T12:00:00Z`, language) : null);
  field(t.cityOfBirth, p?.cityOfBirth);
  field(t.email, p?.email);
  field(t.telephone, p?.telephone);
  field(t.address, p?.address);
  field(t.zipCode, p?.zipCode);
  field(t.residenceMunicipality, p?.residenceMunicipality);
  if (p?.residenceAbroad) field(t.residenceAbroad, residenceAbroadLine(p.residenceAbroad, language));

  const business = businessRecap(request, language);
  heading(business.heading, 'H2');
  for (const [label, value] of business.rows) field(label, value);

  // Each document by its requirement, with its full SHA-256 (the office checks the bytes it
  // downloads against it) and what its signature says, as the details pages show it.
  const documents = DOCUMENT_TEXT[language];
  heading(documents.heading, 'H2');
  if (!options.documents?.length) root.add(doc.struct('P', {}, () => doc.font('regular').fontSize(10.5).fillColor('#1a1a1a').text(documents.none)));
  for (const document of options.documents ?? []) {
    heading(requirementName(document, language), 'H3');
    for (const [label, value] of documentRows(document, language)) field(label, value);
  }

  heading(t.history, 'H2');
  for (const entry of request.history ?? []) {
    const words = historyWords(entry, language, options.forStaff);
    const move =
      entry.fromState === null
        ? t.createdDraft
        : entry.fromState === entry.toState
          ? `${t.stateStays} ${stateName(entry.toState)}`
          : `${t.movedFrom} ${stateName(entry.fromState)} ${t.movedTo} ${stateName(entry.toState)}`;
    const told = words.event ? `${words.event}: ${move}` : move;
    field(formatDate(entry.at, language, true)!, `${told}. ${t.actor}: ${words.who}.${words.note ? ` ${words.note}` : ''}`);
  }

  doc.moveDown(1.5);
  root.add(
    doc.struct('P', {}, () =>
      doc
        .font('regular')
        .fontSize(9)
        .fillColor('#4d4d4d')
        .text(`${t.generated} ${formatDate((options.now ?? new Date()).toISOString(), language, true)}`),
    ),
  );
  root.end();
  doc.end();
  return done;
}

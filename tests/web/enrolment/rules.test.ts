// The enrolment's pure helpers: paginator items (spec §9), the notification contact and personal
// data forms (spec §5), the Content-Disposition file name of the PDF recap, which step a reload
// keeps, and which edits of a saved draft are put back after a reload.
import { describe, expect, it } from 'vitest';
import { contact, marioDraft, marioPersonalData, romaOffice } from '#mocks/fixtures/requests.ts';
import { fileNameOf } from '#web/lists/pdf.ts';
import { checkContact, checkPersonal, personalValuesOf } from '#shared/validation/enrolment-forms.ts';
import { pageItems } from '#machines/list-query/paginator.ts';
import { editsToRestore } from '#machines/draft/rules.ts';
import { isoDate, prefilledPersonalData, stepOfPath } from '#web/enrolment/views.ts';
import { mario } from '#mocks/fixtures/identities.ts';

const show = (items: ReturnType<typeof pageItems>) => items.map((item) => (item.kind === 'page' ? String(item.page) : '…')).join(' ');

describe('paginator items', () => {
  it('always shows the first and last page, the current one, and spacers for what is left out', () => {
    expect(show(pageItems(1, 1))).toBe('1');
    expect(show(pageItems(1, 2))).toBe('1 2');
    expect(show(pageItems(1, 17))).toBe('1 … 17');
    expect(show(pageItems(5, 17))).toBe('1 … 5 … 17');
    expect(show(pageItems(2, 17))).toBe('1 2 … 17');
    expect(show(pageItems(5, 17, 1))).toBe('1 … 4 5 6 … 17');
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe('forms', () => {
  it('validates the notification contact with the shared e-mail pattern', () => {
    expect(checkContact({ type: 1, value: ' mario@example.org ' })).toEqual({ ok: true, value: { type: 1, value: 'mario@example.org' } });
    expect(checkContact({ type: 2, value: 'mario@example' })).toEqual({ ok: false, errors: { value: 'ep.errors.email' } });
    expect(checkContact({ type: null, value: '' })).toEqual({ ok: false, errors: { type: 'ep.errors.contact-type', value: 'ep.errors.required' } });
  });

  it('turns empty optional personal data into null and checks the patterns', () => {
    const values = personalValuesOf(marioPersonalData, '');
    const valid = checkPersonal({ ...values, gender: 'M' });
    expect(valid).toEqual({ ok: true, value: { personalData: marioPersonalData, partitaIva: null } });
    const invalid = checkPersonal({ ...values, zipCode: '123', partitaIva: '1234', telephone: 'abc' });
    expect(invalid).toEqual({ ok: false, errors: { zipCode: 'ep.errors.zip-code', partitaIva: 'ep.errors.vat-number', telephone: 'ep.errors.telephone' } });
  });

  it('prefills the personal data from the logged user', () => {
    expect(prefilledPersonalData(mario)).toEqual({ ...marioPersonalData, email: 'mario.rossi@example.org' });
    expect(isoDate('01/02/1980')).toBe('1980-02-01');
    expect(isoDate('nonsense')).toBeNull();
  });
});

describe('PDF file name', () => {
  it('prefers filename*, then filename, then the fallback', () => {
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''riepilogo%20%C3%A8.pdf`, 'x.pdf')).toBe('riepilogo è.pdf');
    expect(fileNameOf('attachment; filename="riepilogo-7.pdf"', 'x.pdf')).toBe('riepilogo-7.pdf');
    expect(fileNameOf(undefined, 'x.pdf')).toBe('x.pdf');
  });
});

describe('reload rules', () => {
  // Which step a reload keeps is the enrolment machine's REDIRECT rule (tests/machines/enrolment.test.ts).
  it('knows the step of a url', () => {
    expect(stepOfPath('/startup/select-initiative')).toBe('select-initiative');
    expect(stepOfPath('/startup')).toBeNull();
  });

  it('puts back the edits of a saved draft only onto the version they were typed on', () => {
    const typed = { ...marioDraft, personalData: { ...marioPersonalData, telephone: '06 1' } };
    expect(editsToRestore(typed, marioDraft)).toEqual({ personalData: typed.personalData });
    expect(editsToRestore(typed, { ...marioDraft, version: marioDraft.version + 1 })).toBeNull();
    expect(editsToRestore(marioDraft, marioDraft)).toBeNull();
    expect(editsToRestore({ procedureNotification: contact, suap: romaOffice }, marioDraft)).toBeNull();
    expect(editsToRestore(null, marioDraft)).toBeNull();
  });
});

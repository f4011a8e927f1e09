// Who the business is (docs/architecture.md "Who the business is"): the VAT number's check digit,
// the ATECO code's form and the company rules, which the form, the server and the mocks share.
import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { BusinessSchema } from '#shared/api/business.ts';
import { BusinessPatterns, businessRuleBroken, isBusinessComplete, needsLegalRepCheck, type Business } from '#shared/business.ts';
import { checkBusiness, type BusinessValues } from '#shared/validation/business-form.ts';
import { isVatNumber, vatNumberFromClaim } from '#shared/vat-number.ts';

const company: Business = {
  kind: 'company',
  name: 'Bar Rossi S.n.c.',
  legalForm: 'snc',
  pec: 'bar.rossi@pec.example.org',
  atecoCode: '56.30.00',
  role: 'legal-representative',
};
const formValues = (values: Partial<BusinessValues>): BusinessValues => ({
  kind: 'company',
  name: 'Bar Rossi S.n.c.',
  legalForm: 'snc',
  pec: 'bar.rossi@pec.example.org',
  partitaIva: '09876543217',
  atecoCode: '56.30.00',
  role: 'legal-representative',
  ...values,
});

describe('the VAT number’s check digit', () => {
  it('accepts real Italian VAT numbers', () => {
    // A published VAT number of an Italian company (00743110157), and the demo companies'.
    for (const vat of ['00743110157', '01234567897', '09876543217']) expect(isVatNumber(vat), vat).toBe(true);
  });

  it('refuses a wrong check digit, every other digit in its place, and what is not eleven digits', () => {
    expect(isVatNumber('12345678901')).toBe(false);
    for (let digit = 0; digit <= 9; digit++) if (digit !== 7) expect(isVatNumber(`0074311015${digit}`)).toBe(false);
    for (const vat of ['', '0074311015', '007431101570', '0074311015A', '00000000000', ' 00743110157']) expect(isVatNumber(vat), vat).toBe(false);
  });

  it('catches any single mistyped digit', () => {
    const vat = '00743110157';
    for (let i = 0; i < 11; i++)
      for (let d = 0; d <= 9; d++) {
        const typo = `${vat.slice(0, i)}${d}${vat.slice(i + 1)}`;
        if (typo !== vat) expect(isVatNumber(typo), typo).toBe(false);
      }
  });

  it('reads the number a provider asserts after VATIT-, and nothing else', () => {
    expect(vatNumberFromClaim('VATIT-00743110157')).toBe('00743110157');
    expect(vatNumberFromClaim('vatit-00743110157')).toBe('00743110157');
    expect(vatNumberFromClaim('VATIT-12345678901')).toBeNull();
    expect(vatNumberFromClaim(undefined)).toBeNull();
  });
});

describe('the ATECO 2025 code', () => {
  it('is checked for its NN.NN.NN form only', () => {
    for (const code of ['56.10.11', '47.11.10', '01.11.00']) expect(BusinessPatterns.atecoCode.test(code), code).toBe(true);
    for (const code of ['56.10', '561011', '56.10.1', '5.10.11', '56-10-11', '56.10.11 ', 'AB.CD.EF'])
      expect(BusinessPatterns.atecoCode.test(code), code).toBe(false);
    expect(checkBusiness(formValues({ atecoCode: '5610' }))).toMatchObject({ ok: false, errors: { atecoCode: 'ep.business.errors.ateco-code' } });
  });
});

describe('the business form, the schema and the server’s rules agree', () => {
  it('accepts a complete company and gives the business and its VAT number to save', () => {
    expect(checkBusiness(formValues({}))).toEqual({ ok: true, value: { business: company, partitaIva: '09876543217' } });
    expect(Value.Check(BusinessSchema, company)).toBe(true);
    expect(businessRuleBroken(company, '09876543217')).toBeNull();
    expect(isBusinessComplete(company, '09876543217')).toBe(true);
  });

  it('requires a company’s name, legal form, PEC and VAT number, with its check digit', () => {
    const result = checkBusiness(formValues({ name: '', legalForm: '', pec: '', partitaIva: '' }));
    expect(result).toMatchObject({
      ok: false,
      errors: {
        name: 'ep.business.errors.required',
        legalForm: 'ep.business.errors.required',
        pec: 'ep.business.errors.required',
        partitaIva: 'ep.business.errors.required',
      },
    });
    expect(checkBusiness(formValues({ partitaIva: '12345678901' }))).toMatchObject({ ok: false, errors: { partitaIva: 'ep.business.errors.vat-check-digit' } });
    expect(businessRuleBroken(company, '12345678901')?.field).toBe('partitaIva');
    expect(businessRuleBroken({ ...company, pec: null }, '09876543217')?.field).toBe('personalData.business.pec');
    expect(businessRuleBroken(company, null)?.field).toBe('partitaIva');
    expect(Value.Check(BusinessSchema, { ...company, legalForm: 'llc' })).toBe(false);
  });

  it('lets a sole trader leave out the VAT number and the company’s fields', () => {
    const result = checkBusiness(formValues({ kind: 'sole-trader', name: 'ignored', legalForm: '', pec: '', partitaIva: '' }));
    expect(result).toEqual({
      ok: true,
      value: {
        business: { kind: 'sole-trader', name: null, legalForm: null, pec: null, atecoCode: '56.30.00', role: 'legal-representative' },
        partitaIva: null,
      },
    });
    expect(checkBusiness(formValues({ kind: 'sole-trader', partitaIva: '12345678901' }))).toMatchObject({
      ok: false,
      errors: { partitaIva: 'ep.business.errors.vat-check-digit' },
    });
  });

  it('asks the register only for a company’s legal representative', () => {
    expect(needsLegalRepCheck(company)).toBe(true);
    expect(needsLegalRepCheck({ ...company, role: 'intermediary' })).toBe(false);
    expect(needsLegalRepCheck({ kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' })).toBe(false);
  });
});

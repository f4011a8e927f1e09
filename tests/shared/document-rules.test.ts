// What a request still lacks (docs/architecture.md "What each initiative needs"): the rule the
// wizard's guard, the server's send and the mocks share.
import { describe, expect, it } from 'vitest';
import type { Requirement } from '#shared/api/attachments.ts';
import { isRequirementRequired, missingRequirements } from '#shared/document-rules.ts';

const requirement = (requirementCode: string, required: boolean, requiredWhen: Requirement['requiredWhen'] = null): Requirement => ({
  requirementCode,
  nameIt: requirementCode,
  nameEn: requirementCode,
  descriptionIt: '',
  descriptionEn: '',
  required,
  requiredWhen,
  acceptedTypes: ['pdf'],
  maxBytes: 1024,
  maxFiles: 1,
  signatureRequired: false,
});

const form = requirement('SCIA_FORM', true);
const plan = requirement('FLOOR_PLAN', true);
const attorney = requirement('POWER_OF_ATTORNEY', false, 'intermediary');
const receipt = requirement('FEES_RECEIPT', false);
const catalogue = [form, plan, attorney, receipt];

describe('whether a document is required', () => {
  it('always for a required one, whoever files', () => {
    expect(isRequirementRequired(form, null)).toBe(true);
    expect(isRequirementRequired(form, undefined)).toBe(true);
    expect(isRequirementRequired(form, { role: 'legal-representative' })).toBe(true);
    expect(isRequirementRequired(form, { role: 'intermediary' })).toBe(true);
  });

  it('never for an optional one', () => {
    expect(isRequirementRequired(receipt, { role: 'intermediary' })).toBe(false);
    expect(isRequirementRequired(receipt, null)).toBe(false);
  });

  it('the power of attorney only when an intermediary files', () => {
    expect(isRequirementRequired(attorney, { role: 'intermediary' })).toBe(true);
    expect(isRequirementRequired(attorney, { role: 'legal-representative' })).toBe(false);
    // No business recorded yet: nobody is known to act for someone else.
    expect(isRequirementRequired(attorney, null)).toBe(false);
    expect(isRequirementRequired(attorney, undefined)).toBe(false);
  });
});

describe('what is still missing', () => {
  it('lists the required documents with no attachment, in the requirements’ order', () => {
    expect(missingRequirements(catalogue, [], { role: 'legal-representative' }).map((r) => r.requirementCode)).toEqual(['SCIA_FORM', 'FLOOR_PLAN']);
    expect(missingRequirements(catalogue, [], { role: 'intermediary' }).map((r) => r.requirementCode)).toEqual([
      'SCIA_FORM',
      'FLOOR_PLAN',
      'POWER_OF_ATTORNEY',
    ]);
  });

  it('an attachment answers its requirement, however many files it has', () => {
    const attachments = [{ requirementCode: 'FLOOR_PLAN' }, { requirementCode: 'FLOOR_PLAN' }, { requirementCode: 'SCIA_FORM' }];
    expect(missingRequirements(catalogue, attachments, { role: 'intermediary' }).map((r) => r.requirementCode)).toEqual(['POWER_OF_ATTORNEY']);
    expect(missingRequirements(catalogue, [...attachments, { requirementCode: 'POWER_OF_ATTORNEY' }], { role: 'intermediary' })).toEqual([]);
  });

  it('an optional document or one of another requirement answers nothing required', () => {
    const attachments = [{ requirementCode: 'FEES_RECEIPT' }, { requirementCode: 'SANITARY_NOTIFICATION' }];
    expect(missingRequirements(catalogue, attachments, null)).toEqual([form, plan]);
  });

  it('nothing is missing when nothing is asked', () => {
    expect(missingRequirements([], [{ requirementCode: 'SCIA_FORM' }], null)).toEqual([]);
  });
});

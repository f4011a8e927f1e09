// The back office's form rules and write outcomes (spec §5, §8): a pratica's refused events, storage
// limits, staff members, and the modal each outcome opens (the localised text of the server's
// errorKey or of the lifecycle's reason, never its English description), with Italian agreement
// from the person's gender.
import { describe, expect, it } from 'vitest';
import { anna } from '#mocks/fixtures/identities.ts';
import { apiFailure } from '#shared/api/failure.ts';
import { checkStaff, EMPTY_STAFF, staffValuesOf } from '#shared/validation/back-office-forms.ts';
import { genderOf, praticaEventRefused, userCreated, userCreateFailed, userModifyFailed } from '#web/screens/back-office/outcomes.ts';

describe("a pratica's refused event", () => {
  const refused = (parts: Parameters<typeof apiFailure>[0]) => praticaEventRefused(apiFailure(parts), 'bo-request-title');

  it('names the condition of the lifecycle the server gave as its reason, in the staff member’s language', () => {
    expect(refused({ status: 409, errorKey: 'transition-not-allowed', message: 'Not possible now: the window for integration requests has elapsed.' })).toEqual(
      {
        kind: 'alert',
        type: 'error',
        titleKey: 'bo.pratica.refused.title',
        descriptionKey: 'bo.pratica.reason.integration-window',
        openerId: 'bo-request-title',
      },
    );
    expect(
      refused({ status: 409, errorKey: 'transition-not-allowed', message: 'Not possible now: someone is already in charge of the pratica.' }),
    ).toMatchObject({
      descriptionKey: 'bo.pratica.reason.assigned',
    });
    expect(refused({ status: 409, errorKey: 'transition-not-allowed', message: 'Not possible now: ASSIGN is not possible in state accepted.' })).toMatchObject({
      descriptionKey: 'bo.pratica.refused.state',
    });
  });

  it('tells a stale copy, a role that may not and a pratica of another office apart', () => {
    expect(refused({ status: 409, errorKey: 'stale-version', message: 'The request changed meanwhile' })).toMatchObject({
      descriptionKey: 'bo.pratica.refused.stale',
    });
    expect(refused({ status: 403, errorKey: 'forbidden', message: 'Not allowed: only an administrator may REFUSE.' })).toMatchObject({
      descriptionKey: 'bo.pratica.refused.forbidden',
    });
    expect(refused({ status: 404, errorKey: 'not-found', message: 'No request 12.' })).toMatchObject({ descriptionKey: 'bo.pratica.refused.missing' });
  });
});

describe('staff member', () => {
  it('checks every field and builds the write', () => {
    const empty = checkStaff(EMPTY_STAFF);
    expect(empty.ok ? null : Object.keys(empty.errors).sort()).toEqual(['email', 'firstName', 'fiscalCode', 'lastName', 'profileId']);
    expect(checkStaff({ ...EMPTY_STAFF, firstName: 'Anna2', lastName: 'Verdi', fiscalCode: 'VRDNNA75', email: 'anna@x', profileId: '3' })).toMatchObject({
      errors: { firstName: 'bo.users.errors.letters', fiscalCode: 'bo.users.errors.fiscal-code', email: 'bo.users.errors.email' },
    });
    expect(
      checkStaff({ firstName: ' Laura ', lastName: 'Marino', fiscalCode: 'mrnlra90a41h501q', email: 'laura@example.org', profileId: '3', active: false }, 9),
    ).toEqual({
      ok: true,
      value: {
        userId: 9,
        firstName: 'Laura',
        lastName: 'Marino',
        fiscalCode: 'MRNLRA90A41H501Q',
        email: 'laura@example.org',
        profile: { profileId: 3 },
        active: 0,
      },
    });
    expect(staffValuesOf(anna)).toMatchObject({ profileId: '2', active: true, fiscalCode: 'VRDNNA75D52F839Y' });
  });

  it("says who was created with which profile and gender; failures carry their errorKey's text or the defaults", () => {
    // Anna's fiscal code records day 52 (12 + 40): a woman, whatever the record's gender field says nothing.
    expect(userCreated({ ...anna, gender: null }, 'Amministratore')).toMatchObject({
      type: 'success',
      values: { name: 'Anna Verdi', profile: 'Amministratore', gender: 'F' },
    });
    expect(genderOf({ gender: null, fiscalCode: 'NRELCU90S23L219G' })).toBe('M');
    expect(genderOf({ gender: 'M', fiscalCode: 'MRNLRA90A41H501Q' })).toBe('M');
    expect(genderOf({ gender: null, fiscalCode: null })).toBe('other');
    expect(userCreateFailed(apiFailure({ status: 400, errorKey: 'duplicate-email', message: 'email: taken' }))).toMatchObject({
      titleKey: 'bo.user-create.error.title',
      descriptionKey: 'api-errors.duplicate-email',
    });
    expect(userCreateFailed(apiFailure({ status: 400, errorKey: null, message: 'fiscalCode: taken' }))).toMatchObject({
      descriptionKey: 'bo.user-create.error.description',
    });
    expect(userCreateFailed(apiFailure({ status: 500, errorKey: null, message: 'boom' }))).toMatchObject({
      descriptionKey: 'bo.user-create.error.description',
    });
    expect(userModifyFailed(apiFailure({ status: 400, errorKey: null, message: null }))).toMatchObject({ descriptionKey: 'bo.user-modify.error.description' });
  });
});

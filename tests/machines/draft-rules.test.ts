// The pure draft rules (machines/draft/rules.ts): session-copy codec, which request is "the" draft,
// what counts as a stale-version refusal, what a form may change, and where leaving goes.
import { describe, expect, it } from 'vitest';
import { decodeDraft, encodeDraft, exitPath, findExistingDraft, isDraftGoneFailure, mergeChanges, newDraft, sessionCopy } from '#machines/draft/rules.ts';
import { apiFailure, isStaleVersion } from '#shared/api/failure.ts';
import { contact, createdDraft, earlierDraft, office, otherServiceDraft, sentEarlier, serverRequest } from './fixtures/requests.ts';

describe('session copy', () => {
  it('is base64 of the UTF-8 JSON, accents included, and decodes back', () => {
    const draft = { procedureNotification: { type: 1 as const, value: 'niccolò.d’alessandro@example.org' } };
    const encoded = encodeDraft(draft);
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe(JSON.stringify(draft));
    expect(decodeDraft(encoded)).toEqual(draft);
  });

  it('decodes nothing usable from absent, corrupt or foreign values', () => {
    for (const stored of [
      null,
      undefined,
      '',
      '%%%',
      btoa('not json'),
      btoa('[1,2]'),
      btoa('42'),
      encodeDraft({ requestId: -3 }),
      btoa(JSON.stringify({ requestId: '7' })),
    ]) {
      expect(decodeDraft(stored)).toBeNull();
    }
  });

  it('keeps the working copy whole, new or saved (a saved one is still refetched on reload)', () => {
    const fresh = newDraft({ typeOfServiceId: 1, user: null, selectedSuap: office });
    expect(sessionCopy(fresh)).toBe(fresh);
    expect(sessionCopy(createdDraft)).toBe(createdDraft);
    expect(sessionCopy(null)).toBeNull();
  });
});

describe('existing draft', () => {
  it('is a draft of the same service type, the most recently updated one', () => {
    const newer = serverRequest({ requestId: 50, version: 1, updatedOn: '2025-03-05T08:00:00.000Z' });
    expect(findExistingDraft([earlierDraft, newer, sentEarlier], 1)).toBe(newer);
    expect(findExistingDraft([sentEarlier, otherServiceDraft], 1)).toBeNull();
    expect(findExistingDraft([otherServiceDraft], 2)).toBe(otherServiceDraft);
    expect(findExistingDraft(null, 1)).toBeNull();
  });
});

describe('stale version', () => {
  it('is a 409 whose errorKey is stale-version, whatever the wording', () => {
    expect(isStaleVersion(apiFailure({ status: 409, code: 409, errorKey: 'stale-version' }))).toBe(true);
    expect(isStaleVersion(apiFailure({ status: 409, code: 409, errorKey: 'stale-version', message: 'Only a draft can be changed.' }))).toBe(true);
  });

  it('is nothing else', () => {
    const others = [
      apiFailure({ status: 409, code: 409, errorKey: 'conflict', message: 'stale-version' }),
      apiFailure({ status: 500, code: 500, errorKey: 'generic-error' }),
      { status: 409, errorKey: 'stale-version' },
      new Error('stale-version'),
      null,
      'stale-version',
      409,
    ];
    for (const error of others) expect(isStaleVersion(error)).toBe(false);
  });
});

describe('draft gone', () => {
  it('is a draft deleted elsewhere (409 draft-deleted) or one the server no longer has (404)', () => {
    expect(isDraftGoneFailure(apiFailure({ status: 409, code: 409, errorKey: 'draft-deleted' }))).toBe(true);
    expect(isDraftGoneFailure(apiFailure({ status: 404, code: 404, errorKey: 'not-found' }))).toBe(true);
  });

  it('is not a stale copy, another conflict or a failure to reach the server', () => {
    for (const error of [
      apiFailure({ status: 409, code: 409, errorKey: 'stale-version' }),
      apiFailure({ status: 409, code: 409, errorKey: 'conflict' }),
      apiFailure({ status: 0 }),
      { status: 404 },
    ])
      expect(isDraftGoneFailure(error)).toBe(false);
  });
});

describe('changes and exits', () => {
  it('never lets a form change the id or the version of the draft', () => {
    expect(mergeChanges(createdDraft, { requestId: 99, version: 99, procedureNotification: contact })).toEqual({
      ...createdDraft,
      procedureNotification: contact,
    });
    expect(mergeChanges(createdDraft, undefined)).toBe(createdDraft);
  });

  it('leaves the startup process for the service page, any other for home', () => {
    expect(exitPath(1)).toBe('/startup-service');
    expect(exitPath(2)).toBe('/');
  });
});

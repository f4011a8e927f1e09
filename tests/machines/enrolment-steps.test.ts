// The step table and the spec §4 rules as the enrolment machine applies them (its guards are the
// rules: there is no walk function beside it): the re-check walk on tricky inputs, completing a step,
// url matching, clickability and drawing (spec §2, §3, §4).
import fc from 'fast-check';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { enrolmentMachine, selectSteps } from '#machines/enrolment.ts';
import { missingForSubmission } from '#shared/api/requests.ts';
import { StepStatus, type StepStatusValue } from '#shared/constants.ts';
import { isClickable, STEP_TABLE, stepDrawing, stepForUrl, type StepData, type StepName } from '#machines/enrolment/steps.ts';
import { Mounts, Paths, STARTUP_STEPS, startupStepPath } from '#web/routes/paths.ts';
import { STARTUP_MOUNT, STARTUP_SERVICE_PATH } from '#machines/enrolment/steps.ts';
import { activityAddress, contact, initiative, municipalityId, office, personalData } from './fixtures/requests.ts';

const { TO_DO: T, ENABLED: E, WARNING: W, COMPLETE: C, READONLY: R } = StepStatus;

/** Re-checks `data` on a fresh machine (optionally after completing steps first): statuses and the redirect. */
function recheck(data: StepData, completedFirst: readonly StepName[] = []) {
  const actor = createActor(enrolmentMachine).start();
  const navigations: string[] = [];
  actor.on('navigate', (event) => navigations.push(event.to));
  for (const step of completedFirst) actor.send({ type: 'COMPLETE_STEP', step });
  navigations.length = 0;
  actor.send({ type: 'RECHECK', request: data });
  const statuses = selectSteps(actor.getSnapshot()).map((step) => step.status);
  actor.stop();
  return { statuses, target: navigations.at(-1)?.replace(`${STARTUP_MOUNT}/`, '') ?? null };
}

describe('step table', () => {
  it('has the six steps in spec order, the first and last hidden, labels and urls by name', () => {
    expect(STEP_TABLE.map((step) => [step.name, step.next, step.hidden, step.label, step.url])).toEqual([
      ['initial-summary', 'notification-contacts', true, 'ep.steps.initial-summary', '/startup/initial-summary'],
      ['notification-contacts', 'select-initiative', false, 'ep.steps.notification-contacts', '/startup/notification-contacts'],
      ['select-initiative', 'personal-data', false, 'ep.steps.select-initiative', '/startup/select-initiative'],
      ['personal-data', 'request-summary', false, 'ep.steps.personal-data', '/startup/personal-data'],
      ['request-summary', 'thank-page', false, 'ep.steps.request-summary', '/startup/request-summary'],
      ['thank-page', null, true, 'ep.steps.thank-page', '/startup/thank-page'],
    ]);
  });

  it('opens only the initial summary at the start', () => {
    expect(selectSteps(createActor(enrolmentMachine).getSnapshot()).map((step) => step.status)).toEqual([E, T, T, T, T, T]);
  });

  it('uses the web app paths (machines may not import them)', () => {
    expect(STARTUP_MOUNT).toBe(Mounts.startup);
    expect(STARTUP_SERVICE_PATH).toBe(Paths.startupService);
    for (const step of STEP_TABLE) {
      expect(STARTUP_STEPS).toContain(step.name);
      expect(step.url).toBe(startupStepPath(step.name));
    }
  });
});

describe('re-check walk', () => {
  const cases: Array<[string, StepData, StepStatusValue[], StepName]> = [
    ['an empty request: only the initial summary counts', {}, [C, E, T, T, T, T], 'notification-contacts'],
    ['a notification contact', { procedureNotification: contact }, [C, C, E, T, T, T], 'select-initiative'],
    ['an initiative without office is not enough', { procedureNotification: contact, iniziative: initiative }, [C, C, E, T, T, T], 'select-initiative'],
    ['an office without initiative is not enough', { procedureNotification: contact, suap: office, municipalityId }, [C, C, E, T, T, T], 'select-initiative'],
    ['office and initiative', { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId }, [C, C, C, E, T, T], 'personal-data'],
    [
      'office and initiative without the municipality of the activity are not enough',
      { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId: null },
      [C, C, E, T, T, T],
      'select-initiative',
    ],
    [
      "personal data without the business's address are not enough",
      { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId, personalData: { ...personalData, activityAddress: null } },
      [C, C, C, E, T, T],
      'personal-data',
    ],
    [
      "personal data with the business's address half given are not enough",
      {
        procedureNotification: contact,
        iniziative: initiative,
        suap: office,
        municipalityId,
        personalData: { ...personalData, activityAddress: { ...activityAddress, streetNumber: ' ' } },
      },
      [C, C, C, E, T, T],
      'personal-data',
    ],
    [
      'personal data without fiscal code is not enough',
      { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId, personalData: { ...personalData, fiscalCode: '' } },
      [C, C, C, E, T, T],
      'personal-data',
    ],
    [
      'everything: the summary is next, it has no data of its own, the thank page stays closed',
      { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId, personalData },
      [C, C, C, C, E, T],
      'request-summary',
    ],
    // "A step counts complete when a later step is also beyond to-do": later data after a gap does not count.
    [
      'later data after a gap: the walk stops at the gap',
      { iniziative: initiative, suap: office, municipalityId, personalData },
      [C, E, T, T, T, T],
      'notification-contacts',
    ],
    [
      'personal data without office: stops at select-initiative, personal data stays to-do',
      { procedureNotification: contact, personalData },
      [C, C, E, T, T, T],
      'select-initiative',
    ],
    [
      'null values count as missing',
      { procedureNotification: null, iniziative: null, suap: null, personalData: null },
      [C, E, T, T, T, T],
      'notification-contacts',
    ],
  ];

  it.each(cases)('%s', (_name, data, expected, target) => {
    expect(recheck(data)).toEqual({ statuses: expected, target });
  });

  it('ignores what the steps said before: statuses reached by completing are recomputed', () => {
    expect(recheck({ procedureNotification: contact }, ['initial-summary', 'notification-contacts', 'select-initiative', 'personal-data']).statuses).toEqual([
      C,
      C,
      E,
      T,
      T,
      T,
    ]);
  });

  it('agrees with missingForSubmission (shared with the server) on what a complete request is', () => {
    const full = { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId, personalData };
    expect(missingForSubmission(full)).toEqual([]);
    expect(recheck(full).target).toBe('request-summary');
    for (const field of ['procedureNotification', 'iniziative', 'suap', 'municipalityId'] as const) {
      const partial = { ...full, [field]: null };
      expect(missingForSubmission(partial)).toEqual([field]);
      expect(recheck(partial).target).not.toBe('request-summary');
    }
    // Personal data without names lack the address too; the address alone is its own gap.
    expect(missingForSubmission({ ...full, personalData: null })).toEqual(['personalData', 'personalData.activityAddress']);
    expect(recheck({ ...full, personalData: null }).target).not.toBe('request-summary');
    const withoutAddress = { ...full, personalData: { ...personalData, activityAddress: null } };
    expect(missingForSubmission(withoutAddress)).toEqual(['personalData.activityAddress']);
    expect(recheck(withoutAddress).target).toBe('personal-data');
  });

  const stepData = fc.record(
    {
      procedureNotification: fc.constantFrom(undefined, null, contact),
      iniziative: fc.constantFrom(undefined, null, initiative),
      suap: fc.constantFrom(undefined, null, office),
      personalData: fc.constantFrom(undefined, null, personalData, { ...personalData, lastName: '' }),
    },
    { requiredKeys: [] },
  );
  const completions = fc.subarray(['initial-summary', 'notification-contacts', 'select-initiative', 'personal-data'] as StepName[]);

  it('always yields complete steps as a prefix, then exactly one enabled step, then to-do', () => {
    fc.assert(
      fc.property(stepData, completions, (data, before) => {
        const result: StepStatusValue[] = recheck(data, before).statuses;
        const enabled = result.indexOf(E);
        expect(result.filter((status) => status === E)).toHaveLength(1);
        expect(result.slice(0, enabled).every((status) => status === C)).toBe(true);
        expect(result.slice(enabled + 1).every((status) => status === T)).toBe(true);
        result.forEach((status, index) => {
          if (status === C) expect(result[index + 1]).toBeGreaterThan(T);
        });
        expect(result.at(-1)).toBe(T);
      }),
    );
  });

  it('with an outdated office or initiative, only select-initiative stays open (in warning) and the user lands there', () => {
    const outdated = fc.constantFrom<Partial<StepData>>(
      { suap: { ...office, type: 'EXT' } },
      { selection: { officeServesMunicipality: false, initiativeOffered: true } },
      { selection: { officeServesMunicipality: true, initiativeOffered: false } },
    );
    fc.assert(
      fc.property(stepData, outdated, (data, why) => {
        expect(recheck({ ...data, ...why })).toEqual({ statuses: [R, R, W, R, R, R], target: 'select-initiative' });
      }),
    );
  });
});

describe('url, clickability, drawing', () => {
  it('finds the active step by url, ignoring query, hash and a trailing slash', () => {
    expect(stepForUrl('/startup/personal-data')).toBe('personal-data');
    expect(stepForUrl('/startup/personal-data/?lang=en#top')).toBe('personal-data');
    expect(stepForUrl('/startup')).toBeNull();
    expect(stepForUrl('/startup/personal-data-old')).toBeNull();
    expect(stepForUrl(null)).toBeNull();
  });

  it('lets a step be clicked only strictly between to-do and read-only', () => {
    expect([T, E, W, C, R].map((status) => isClickable({ status }))).toEqual([false, true, true, true, false]);
  });

  it('draws complete and read-only as complete, warning as warning, to-do as disabled', () => {
    expect([T, E, W, C, R].map((status) => stepDrawing({ status }))).toEqual(['disabled', 'enabled', 'warning', 'complete', 'complete']);
  });
});

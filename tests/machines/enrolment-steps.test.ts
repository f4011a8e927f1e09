// The pure step rules (machines/enrolment/steps.ts): the table, the re-check walk on tricky inputs,
// completing a step, the warning rule, url matching, clickability and drawing (spec §2, §3, §4).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missingForSubmission } from '../../src/shared/api/requests.ts';
import { StepStatus, type StepStatusValue } from '../../src/shared/constants.ts';
import {
  applyWarningRule,
  completeStep,
  INITIAL_STEPS,
  isClickable,
  recheckSteps,
  redirectTarget,
  STEP_NAMES,
  stepDrawing,
  stepForUrl,
  walkSteps,
  type StepData,
  type StepName,
  type Steps,
} from '../../machines/enrolment/steps.ts';
import { Mounts, Paths, STARTUP_STEPS, startupStepPath } from '../../src/web/routes/paths.ts';
import { STARTUP_MOUNT, STARTUP_SERVICE_PATH } from '../../machines/enrolment/steps.ts';
import { contact, initiative, office, personalData } from './fixtures/requests.ts';

const { TO_DO: T, ENABLED: E, WARNING: W, COMPLETE: C, READONLY: R } = StepStatus;
const statuses = (steps: Steps) => steps.map((step) => step.status);
const withStatuses = (values: readonly StepStatusValue[]): Steps => INITIAL_STEPS.map((step, index) => ({ ...step, status: values[index] ?? T }));

describe('step table', () => {
  it('has the six steps in spec order, the first and last hidden, labels and urls by name', () => {
    expect(INITIAL_STEPS.map((step) => [step.name, step.next, step.hidden, step.label, step.url])).toEqual([
      ['initial-summary', 'notification-contacts', true, 'ep.steps.initial-summary', '/startup/initial-summary'],
      ['notification-contacts', 'select-initiative', false, 'ep.steps.notification-contacts', '/startup/notification-contacts'],
      ['select-initiative', 'personal-data', false, 'ep.steps.select-initiative', '/startup/select-initiative'],
      ['personal-data', 'request-summary', false, 'ep.steps.personal-data', '/startup/personal-data'],
      ['request-summary', 'thank-page', false, 'ep.steps.request-summary', '/startup/request-summary'],
      ['thank-page', null, true, 'ep.steps.thank-page', '/startup/thank-page'],
    ]);
  });

  it('opens only the initial summary at the start', () => {
    expect(statuses(INITIAL_STEPS)).toEqual([E, T, T, T, T, T]);
  });

  it('uses the web app paths (machines may not import them)', () => {
    expect(STARTUP_MOUNT).toBe(Mounts.startup);
    expect(STARTUP_SERVICE_PATH).toBe(Paths.startupService);
    for (const step of INITIAL_STEPS) {
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
    ['an office without initiative is not enough', { procedureNotification: contact, suap: office }, [C, C, E, T, T, T], 'select-initiative'],
    ['office and initiative', { procedureNotification: contact, iniziative: initiative, suap: office }, [C, C, C, E, T, T], 'personal-data'],
    [
      'personal data without fiscal code is not enough',
      { procedureNotification: contact, iniziative: initiative, suap: office, personalData: { ...personalData, fiscalCode: '' } },
      [C, C, C, E, T, T],
      'personal-data',
    ],
    [
      'everything: the summary is next, it has no data of its own, the thank page stays closed',
      { procedureNotification: contact, iniziative: initiative, suap: office, personalData },
      [C, C, C, C, E, T],
      'request-summary',
    ],
    // "A step counts complete when a later step is also beyond to-do": later data after a gap does not count.
    [
      'later data after a gap: the walk stops at the gap',
      { iniziative: initiative, suap: office, personalData },
      [C, E, T, T, T, T],
      'notification-contacts',
    ],
    [
      'personal data without office: stops at select-initiative, personal data stays to-do',
      { procedureNotification: contact, personalData },
      [C, C, E, T, T, T],
      'select-initiative',
    ],
    ['null values count as missing', { procedureNotification: null, iniziative: null, suap: null, personalData: null }, [C, E, T, T, T, T], 'notification-contacts'],
  ];

  it.each(cases)('%s', (_name, data, expected, target) => {
    const steps = recheckSteps(INITIAL_STEPS, data);
    expect(statuses(steps)).toEqual(expected);
    expect(redirectTarget(steps)).toBe(target);
  });

  it('ignores what the steps said before: stale complete, read-only and warning statuses are recomputed', () => {
    const before = withStatuses([R, R, W, C, C, E]);
    expect(statuses(walkSteps(before, { procedureNotification: contact }))).toEqual([C, C, E, T, T, T]);
  });

  it('flags the steps the app names as warnings and makes every other step read-only', () => {
    const steps = recheckSteps(INITIAL_STEPS, { procedureNotification: contact, iniziative: initiative, suap: office }, ['select-initiative']);
    expect(statuses(steps)).toEqual([R, R, W, R, R, R]);
    expect(redirectTarget(steps)).toBe('select-initiative');
  });

  it('redirects to the forced step when one is given, whatever the statuses', () => {
    const steps = recheckSteps(INITIAL_STEPS, { procedureNotification: contact });
    expect(redirectTarget(steps, 'personal-data')).toBe('personal-data');
    expect(redirectTarget(steps, null)).toBe('select-initiative');
  });

  it('agrees with missingForSubmission (shared with the server) on what a complete request is', () => {
    const full = { procedureNotification: contact, iniziative: initiative, suap: office, personalData };
    expect(missingForSubmission(full)).toEqual([]);
    expect(redirectTarget(recheckSteps(INITIAL_STEPS, full))).toBe('request-summary');
    for (const field of ['procedureNotification', 'iniziative', 'suap', 'personalData'] as const) {
      const partial = { ...full, [field]: null };
      expect(missingForSubmission(partial)).toEqual([field]);
      expect(redirectTarget(recheckSteps(INITIAL_STEPS, partial))).not.toBe('request-summary');
    }
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
  const anyStatuses = fc.array(fc.constantFrom(T, E, W, C, R), { minLength: 6, maxLength: 6 });

  it('always yields complete steps as a prefix, then exactly one enabled step, then to-do', () => {
    fc.assert(
      fc.property(stepData, anyStatuses, (data, previous) => {
        const result = statuses(walkSteps(withStatuses(previous), data));
        const enabled = result.indexOf(E);
        expect(result.filter((status) => status === E)).toHaveLength(1);
        expect(result.slice(0, enabled).every((status) => status === C)).toBe(true);
        expect(result.slice(enabled + 1).every((status) => status === T)).toBe(true);
        // Every complete step is followed by a step beyond to-do.
        result.forEach((status, index) => {
          if (status === C) expect(result[index + 1]).toBeGreaterThan(T);
        });
        expect(result.at(-1)).toBe(T);
      }),
    );
  });

  it('with warnings, only warning steps stay open and the user lands on the first of them', () => {
    const warnings = fc.uniqueArray(fc.constantFrom(...STEP_NAMES), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(stepData, warnings, (data, warned) => {
        const steps = recheckSteps(INITIAL_STEPS, data, warned);
        for (const step of steps) expect(step.status).toBe(warned.includes(step.name) ? W : R);
        expect(redirectTarget(steps)).toBe(STEP_NAMES.find((name) => warned.includes(name)));
      }),
    );
  });
});

describe('completing a step', () => {
  it('marks it complete and enables the next', () => {
    expect(statuses(completeStep(INITIAL_STEPS, 'initial-summary'))).toEqual([C, E, T, T, T, T]);
  });

  it('makes every other step read-only when the next one is the final one', () => {
    expect(statuses(completeStep(withStatuses([C, C, C, C, E, T]), 'request-summary'))).toEqual([R, R, R, R, R, E]);
  });

  it('keeps later progress when an earlier step is completed again', () => {
    expect(statuses(completeStep(withStatuses([C, C, C, E, T, T]), 'notification-contacts'))).toEqual([C, C, C, E, T, T]);
  });

  it('re-opens a read-only next step when the warning step before it is completed', () => {
    expect(statuses(completeStep(withStatuses([R, W, R, R, R, R]), 'notification-contacts'))).toEqual([R, C, E, R, R, R]);
  });

  it('refuses read-only steps and the final step', () => {
    const locked = withStatuses([R, R, R, R, R, E]);
    expect(completeStep(locked, 'personal-data')).toBe(locked);
    expect(completeStep(locked, 'thank-page')).toBe(locked);
  });
});

describe('warning rule, url, clickability, drawing', () => {
  it('makes all but warning steps read-only, and nothing else', () => {
    expect(statuses(applyWarningRule(withStatuses([C, C, W, E, T, T])))).toEqual([R, R, W, R, R, R]);
    const plain = withStatuses([C, E, T, T, T, T]);
    expect(applyWarningRule(plain)).toBe(plain);
  });

  it('finds the active step by url, ignoring query, hash and a trailing slash', () => {
    expect(stepForUrl(INITIAL_STEPS, '/startup/personal-data')).toBe('personal-data');
    expect(stepForUrl(INITIAL_STEPS, '/startup/personal-data/?lang=en#top')).toBe('personal-data');
    expect(stepForUrl(INITIAL_STEPS, '/startup')).toBeNull();
    expect(stepForUrl(INITIAL_STEPS, '/startup/personal-data-old')).toBeNull();
    expect(stepForUrl(INITIAL_STEPS, null)).toBeNull();
  });

  it('lets a step be clicked only strictly between to-do and read-only', () => {
    expect([T, E, W, C, R].map((status) => isClickable({ status }))).toEqual([false, true, true, true, false]);
  });

  it('draws complete and read-only as complete, warning as warning, to-do as disabled', () => {
    expect([T, E, W, C, R].map((status) => stepDrawing({ status }))).toEqual(['disabled', 'enabled', 'warning', 'complete', 'complete']);
  });
});

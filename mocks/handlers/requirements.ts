// msw handler of what each initiative needs (`GET requirementList`, docs/architecture.md "What each
// initiative needs"), typed by the shared contract. The fixtures' initiatives ask for the default
// catalogue's sets (src/shared/requirement-catalogue.ts) as the seed would: a closure only the form,
// a bar or restaurant the food business's documents too, every other one the premises' floor plan.
// `requirementsForInitiative` also serves the attachment mocks' `requirementsFor`.
import { http, HttpResponse } from 'msw';
import type { Requirement, RequirementListResponse } from '#shared/api/attachments.ts';
import { ErrorKey } from '#shared/api/errors.ts';
import { API_BASE, routePattern } from '#shared/api/paths.ts';
import { OK_STATUS, type Status } from '#shared/envelope.ts';
import { requirementsOfSets } from '#shared/requirement-catalogue.ts';
import { initiatives } from '../fixtures/requests.ts';
import { fail } from './envelope.ts';

export const requirementUrls = { list: `${API_BASE}${routePattern('requirementList')}` } as const;

/** What a fixture initiative asks for; undefined for an initiative the fixtures do not have. */
export function requirementsForInitiative(iniziativeId: number): Requirement[] | undefined {
  const initiative = initiatives.find((candidate) => candidate.iniziativeId === iniziativeId);
  if (!initiative) return undefined;
  if (initiative.typeIniziativeId === 3) return requirementsOfSets(['closure']);
  return requirementsOfSets(initiative.code.startsWith('AVV-SOM') ? ['base', 'premises', 'food'] : ['base', 'premises']);
}

export function requirementListHandler(answer: (iniziativeId: number) => readonly Requirement[] | undefined = requirementsForInitiative) {
  return http.get<{ iniziativeId: string }, never, RequirementListResponse | Status>(requirementUrls.list, ({ params }) => {
    const requirementList = answer(Number(params.iniziativeId));
    if (!requirementList) return fail(404, ErrorKey.notFound, `No initiative ${params.iniziativeId}.`);
    return HttpResponse.json<RequirementListResponse>({ ...OK_STATUS, requirementList: [...requirementList] });
  });
}

export const requirementHandlers = [requirementListHandler()];

// The one rule for what a request still lacks (docs/architecture.md "What each initiative needs"):
// a document is required when the catalogue says so, or when its condition holds — today the one
// condition, 'intermediary', holds when the applicant acts for the business (business.role,
// src/shared/business.ts). The wizard's guard, the server's send and the msw mocks all ask here.
import type { Requirement } from './api/attachments.ts';
import type { ApplicantRole } from './business.ts';

/** What the rule reads of the request's business: only who the applicant is to it. */
export interface BusinessRole {
  role: ApplicantRole;
}

/** Whether the request must carry this document, given its business (none yet: only what is always required). */
export function isRequirementRequired(requirement: Pick<Requirement, 'required' | 'requiredWhen'>, business: BusinessRole | null | undefined): boolean {
  if (requirement.required) return true;
  if (requirement.requiredWhen === 'intermediary') return business?.role === 'intermediary';
  return false;
}

/** The required documents none of the attachments answers, in the order the requirements come. */
export function missingRequirements<R extends Pick<Requirement, 'requirementCode' | 'required' | 'requiredWhen'>>(
  requirements: readonly R[],
  attachments: readonly { requirementCode: string }[],
  business: BusinessRole | null | undefined,
): R[] {
  const answered = new Set(attachments.map((attachment) => attachment.requirementCode));
  return requirements.filter((requirement) => isRequirementRequired(requirement, business) && !answered.has(requirement.requirementCode));
}

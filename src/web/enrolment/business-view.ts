// Who the business is, as the summary step, the details pages (front and back office) show it
// (docs/architecture.md "Who the business is"): one list of labelled rows, with the legal
// representative's check as the server recorded it at send ("declared, not verified" where no
// register was configured).
import type { PersonalData } from '#shared/api/requests.ts';
import { needsLegalRepCheck } from '#shared/business.ts';
import type { MessageKey } from '../i18n/messages.ts';

type Translate = (key: MessageKey) => string;

/** The check's outcome (the request's `legalRepCheck`): recorded at send, to be done at send (a draft), or not required (a sole trader, an intermediary). */
export function legalRepOutcomeKey(business: PersonalData['business'], recorded: unknown): MessageKey {
  if (!needsLegalRepCheck(business)) return 'ep.business.outcome.not-required';
  if (recorded === 'verified') return 'ep.business.outcome.verified';
  if (recorded === 'declared') return 'ep.business.outcome.declared';
  return 'ep.business.outcome.pending';
}

/** The business's rows (label key, shown value); none when the request names no business. */
export function businessRows(
  t: Translate,
  request: { personalData?: PersonalData | null; partitaIva?: string | null; legalRepCheck?: unknown },
): [MessageKey, string | null][] {
  const business = request.personalData?.business;
  if (!business) return [['ep.business.fields.partitaIva', request.partitaIva ?? null]];
  const company = business.kind === 'company';
  const roleKey: MessageKey =
    business.role === 'intermediary' ? 'ep.business.roles.intermediary' : company ? 'ep.business.roles.legal-representative' : 'ep.business.roles.owner';
  return [
    ['ep.business.fields.kind', t(company ? 'ep.business.kinds.company' : 'ep.business.kinds.sole-trader')],
    ...(company
      ? ([
          ['ep.business.fields.name', business.name ?? null],
          ['ep.business.fields.legalForm', business.legalForm ? t(`ep.business.legal-forms.${business.legalForm}`) : null],
          ['ep.business.fields.pec', business.pec ?? null],
        ] as [MessageKey, string | null][])
      : []),
    ['ep.business.fields.partitaIva', request.partitaIva ?? null],
    ['ep.business.fields.atecoCode', business.atecoCode],
    ['ep.business.fields.role', t(roleKey)],
    ['ep.business.fields.legalRepCheck', t(legalRepOutcomeKey(business, request.legalRepCheck))],
  ];
}

// The documents' part of a send (docs/architecture.md "Documents"): every document the initiative
// requires is there (the shared rule, src/shared/document-rules.ts, the wizard's guard asks the
// same), and the set is frozen with the request. Runs inside the send's transaction, after the
// request's row is locked by its UPDATE: refused, the whole send is undone.
import type { Transaction } from 'kysely';
import type { Requirement } from '#shared/api/attachments.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { missingRequirements, type BusinessRole } from '#shared/document-rules.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../plugins/errors.ts';
import { requirementsOf } from './requirements.ts';

export async function freezeDocuments(
  trx: Transaction<Database>,
  requestId: number,
  iniziativeId: number | null,
  business: BusinessRole | null | undefined,
): Promise<void> {
  const requirements: Requirement[] = iniziativeId === null ? [] : await requirementsOf(trx, iniziativeId);
  const stored = await trx
    .selectFrom('attachment')
    .select('requirement_code as requirementCode')
    .where('request_id', '=', requestId)
    .where('status', '=', 'stored')
    .execute();
  const missing = missingRequirements(requirements, stored, business);
  if (missing.length > 0) {
    throw new ApiError({
      status: 409,
      field: 'attachments',
      errorKey: ErrorKey.documentsMissing,
      description: `the initiative requires documents the request does not carry: ${missing.map((r) => r.requirementCode).join(', ')}.`,
    });
  }
  await trx.updateTable('attachment').set({ sent: true }).where('request_id', '=', requestId).where('status', '=', 'stored').execute();
}

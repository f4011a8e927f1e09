// Spec §7 check-legal-rep on the one axios client (the session's token, as every citizen call):
// GET with cfPersona (the signed-in person's own code; the server answers for no one else), cfImpresa
// (the company's VAT number), reading `esito` and, where no register is configured, `declared`.
// Rejects with an ApiFailure. Only the legal-representative check's actor calls it (src/web/actors).
import type { CheckLegalRepResponse } from '#shared/api/auth.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { api } from './client.ts';
import { send } from './failure.ts';

export async function checkLegalRep(
  query: { cfPersona: string; cfImpresa: string },
  signal?: AbortSignal,
): Promise<{ esito: 'OK' | 'KO'; declared?: boolean }> {
  const answer = await send(() => api.get<CheckLegalRepResponse>(ApiPaths.checkLegalRep, { params: query, signal }));
  return answer.declared ? { esito: answer.esito, declared: true } : { esito: answer.esito };
}

// What the office asks of the applicant, on top of a pratica's details (docs/architecture.md "The
// pratica's lifecycle"): while an integration is asked, the day the answer is due ("Rispondi entro
// il …"); while a correction is asked, since when the term stands still; each with what the office
// asked (the note of its request in the history) and where to send it (the office's PEC, where the
// office records an answer received by other means).
import type { SuapRequest } from '#shared/api/requests.ts';
import { formatCalendarDay } from '#shared/dates.ts';
import { PraticaState } from '#shared/pratica.ts';
import { useT } from '../../i18n/use-t.ts';

const ASKING = { [PraticaState.INTEGRATION_REQUESTED]: 'REQUEST_INTEGRATION', [PraticaState.CORRECTION_REQUESTED]: 'REQUEST_CORRECTION' } as const;

/** The note of the office's latest request of this kind: what it asked for. */
function askedOf(request: SuapRequest, event: string): string | null {
  const entry = [...(request.history ?? [])].reverse().find((candidate) => candidate.event === event);
  return entry?.reason ?? null;
}

export function PraticaNotice({ request }: { request: SuapRequest }) {
  const t = useT();
  const state = request.stateOfRequest.stateOfRequestId;
  const pratica = request.pratica;
  if (!pratica || (state !== PraticaState.INTEGRATION_REQUESTED && state !== PraticaState.CORRECTION_REQUESTED)) return null;
  const asked = askedOf(request, ASKING[state]);
  const lead =
    state === PraticaState.INTEGRATION_REQUESTED
      ? t('pa.pratica.integration-notice', { date: formatCalendarDay(pratica.integrationDueOn) })
      : t('pa.pratica.correction-notice', { date: formatCalendarDay(pratica.suspendedSince) });
  return (
    <section className="callout warning app-pratica-notice" aria-labelledby="pratica-notice-title">
      <h2 className="callout-title h6" id="pratica-notice-title">
        {t('pa.pratica.notice-title')}
      </h2>
      <p>{lead}</p>
      {asked && <p className="app-multiline">{t('pratica.note.asked', { note: asked })}</p>}
      {request.suap?.pec && <p>{t('pa.pratica.send-to', { pec: request.suap.pec })}</p>}
    </section>
  );
}

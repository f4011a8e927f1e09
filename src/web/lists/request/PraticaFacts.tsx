// A sent request's pratica in the request part of both details pages (docs/architecture.md "The
// pratica's lifecycle"): its regime in plain words, the receipt day, the day the current term is due
// (or since when it stands still, and while an integration is asked, the day its answer is due), and
// the day it ended. The days are the lifecycle machine's context as the server answers it.
import type { ReactNode } from 'react';
import type { SuapRequest } from '#shared/api/requests.ts';
import { formatCalendarDay } from '#shared/dates.ts';
import { PraticaState, type Regime } from '#shared/pratica.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { useT } from '../../i18n/use-t.ts';
import { isConcluded, isDecided } from './rules.ts';

type Pratica = NonNullable<SuapRequest['pratica']>;

/** Each regime in plain words (L. 241/1990 artt. 19, 20; DPR 160/2010 art. 7; D.Lgs. 222/2016). */
export const REGIME_KEYS: Readonly<Record<Regime, MessageKey>> = {
  SCIA: 'pratica.regime.scia',
  'SILENZIO-ASSENSO': 'pratica.regime.silenzio-assenso',
  AUTORIZZAZIONE: 'pratica.regime.autorizzazione',
  COMUNICAZIONE: 'pratica.regime.comunicazione',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

interface Props {
  request: SuapRequest;
  pratica: Pratica;
  /** The desk's reading: the integration answer is "due", where the applicant is asked to answer. */
  forStaff?: boolean;
}

export function PraticaFacts({ request, pratica, forStaff = false }: Props) {
  const t = useT();
  const state = request.stateOfRequest.stateOfRequestId;
  const concluded = isConcluded(request);
  const day = formatCalendarDay;
  return (
    <>
      <Fact label={t('pratica.details.regime')}>{t(REGIME_KEYS[pratica.regime], { days: pratica.times.proceedingDays })}</Fact>
      {pratica.receivedOn && <Fact label={t('pratica.details.received-on')}>{day(pratica.receivedOn)}</Fact>}
      {!concluded && pratica.suspendedSince && (
        <Fact label={t('pratica.details.suspended-since')}>
          {t('pratica.details.suspended-value', { date: day(pratica.suspendedSince), days: pratica.daysLeftWhenSuspended ?? 0 })}
        </Fact>
      )}
      {!concluded && !pratica.suspendedSince && pratica.dueOn && (
        <Fact label={t('pratica.details.due-on')}>
          {pratica.overdue ? t('pratica.details.due-on-overdue', { date: day(pratica.dueOn) }) : day(pratica.dueOn)}
        </Fact>
      )}
      {state === PraticaState.INTEGRATION_REQUESTED && pratica.integrationDueOn && (
        <Fact label={t(forStaff ? 'pratica.details.integration-due-on' : 'pratica.details.answer-by')}>{day(pratica.integrationDueOn)}</Fact>
      )}
      {concluded && !isDecided(request) && pratica.concludedOn && (
        <Fact label={t(state === PraticaState.WITHDRAWN ? 'pratica.details.withdrawn-on' : 'pa.details.done-on')}>{day(pratica.concludedOn)}</Fact>
      )}
    </>
  );
}

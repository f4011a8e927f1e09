// An initiative's regime and times as the pratica machine takes them (machines/pratica/rules.ts
// PraticaInput): the regime's defaults from the law with the initiative's own days over them
// (src/shared/pratica.ts regimeTimes). A catalogue row the law would not allow falls back to the
// regime's defaults rather than stopping a send: the catalogue's own check refuses such rows.
import { REGIME_DEFAULTS, regimeTimes, REGIMES, type Regime, type RegimeTimes } from '#shared/pratica.ts';

export interface InitiativeRegimeRow {
  regime: string;
  proceeding_days: number | null;
  integration_request_days: number | null;
  integration_answer_days: number | null;
}

export function initiativeTimes(row: InitiativeRegimeRow | null | undefined): { regime: Regime; times: RegimeTimes } {
  const regime: Regime = row && (REGIMES as readonly string[]).includes(row.regime) ? (row.regime as Regime) : 'SCIA';
  const own: Partial<RegimeTimes> = {};
  if (row?.proceeding_days != null) own.proceedingDays = row.proceeding_days;
  if (row?.integration_request_days != null) own.integrationRequestDays = row.integration_request_days;
  if (row?.integration_answer_days != null) own.integrationAnswerDays = row.integration_answer_days;
  const checked = regimeTimes(regime, own);
  return { regime, times: checked.ok ? checked.times : REGIME_DEFAULTS[regime] };
}

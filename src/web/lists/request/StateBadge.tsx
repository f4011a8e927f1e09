// A request state as a badge in its family's colour (spec §4, and the pratica's states 6 to 15:
// docs/architecture.md "The pratica's lifecycle"), in the current language: the reference data's
// name of the state, else our own.
import type { SuapRequest } from '#shared/api/requests.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { STATE_KEYS, stateClass, stateDescription, stateFamily, stateName } from './rules.ts';

export function StateBadge({ request }: { request: Pick<SuapRequest, 'stateOfRequest'> }) {
  const t = useT();
  const { language } = useLanguage();
  const id = request.stateOfRequest.stateOfRequestId;
  const name = stateName(id);
  const label = stateDescription(language, request) || (name ? t(STATE_KEYS[name]) : String(id));
  return (
    <span className={`badge app-state-badge ${stateClass(id)}`} data-state={name ?? 'unknown'} data-state-family={stateFamily(id)}>
      {label}
    </span>
  );
}

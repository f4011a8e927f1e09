// A request state as a badge in its own colour (spec §4), in the current language.
import type { SuapRequest } from '#shared/api/requests.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { stateClass, stateDescription, stateName } from './rules.ts';

export function StateBadge({ request }: { request: Pick<SuapRequest, 'stateOfRequest'> }) {
  const { language } = useLanguage();
  const id = request.stateOfRequest.stateOfRequestId;
  return (
    <span className={`badge app-state-badge ${stateClass(id)}`} data-state={stateName(id) ?? 'unknown'}>
      {stateDescription(language, request)}
    </span>
  );
}

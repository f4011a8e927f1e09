// The "no record" card of spec §2: an image and a message, for an empty list.
import type { MessageKey } from '../../i18n/messages.ts';
import { useT } from '../../i18n/use-t.ts';

export function NoDataCard({ messageKey }: { messageKey: MessageKey }) {
  const t = useT();
  return (
    <div className="card card-bg app-no-data" role="status">
      <div className="card-body">
        <svg className="app-no-data-image" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <path d="M12 8h28l12 12v36H12z" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M40 8v12h12" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="30" cy="36" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m36 42 8 8" stroke="currentColor" strokeWidth="2" />
        </svg>
        <p className="app-no-data-text">{t(messageKey)}</p>
      </div>
    </div>
  );
}

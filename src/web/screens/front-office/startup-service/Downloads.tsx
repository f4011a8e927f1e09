// The service page's two documents (spec §2), with their format and size. The files are generated
// by the server in the page's language; files.json says how big each one is, so the size shown is
// the size downloaded. Until (or unless) it answers, the links still work and say "PDF". The sizes
// are the downloadSizes machine's (machines/download-sizes.ts), read by its actor in src/web/actors.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { downloadSizesMachine } from '#machines/download-sizes.ts';
import { DOWNLOAD_IDS, downloadHref, type DownloadId } from '#shared/downloads.ts';
import { formatFileSize } from '#shared/file-size.ts';
import { loadSizesActor } from '#web/actors/public-page.ts';
import { Icon } from '#web/components/Icon.tsx';
import { useLanguage } from '#web/i18n/LanguageProvider.tsx';
import type { MessageKey } from '#web/i18n/messages.ts';
import { useT } from '#web/i18n/use-t.ts';

const LABELS: Record<DownloadId, MessageKey> = {
  decree160: 'downloads.decree160',
  iniziative: 'downloads.iniziative',
};

const downloadSizesLogic = downloadSizesMachine.provide({ actors: { loadSizes: loadSizesActor } });
const NO_SIZES: Partial<Record<DownloadId, number>> = {};

export function Downloads() {
  const t = useT();
  const { language } = useLanguage();
  const [input] = useState(() => ({ language }));
  const actor = useActorRef(downloadSizesLogic, { input });
  useEffect(() => actor.send({ type: 'LANGUAGE_CHANGED', language }), [actor, language]);
  // Sizes of another language are never shown (the machine forgets them when the language changes).
  const bytes = useSelector(actor, (snapshot) => (snapshot.context.language === language ? snapshot.context.sizes : NO_SIZES));
  return (
    <ul className="app-downloads">
      {DOWNLOAD_IDS.map((id) => {
        const size = bytes[id];
        const meta = size === undefined ? t('downloads.format') : t('downloads.format-size', { size: formatFileSize(size, language) });
        return (
          <li key={id} className="app-download">
            <Icon name="download" className="icon-primary app-download-icon" />
            <a href={downloadHref(id, language)} download type="application/pdf" hrefLang={language}>
              {t(LABELS[id])}{' '}
              <span className="app-download-meta" data-testid={`download-size-${id}`}>
                ({meta})
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

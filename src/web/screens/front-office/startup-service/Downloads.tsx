// The service page's two documents (spec §2), with their format and size. The files are generated
// by the server in the page's language; files.json says how big each one is, so the size shown is
// the size downloaded. Until (or unless) it answers, the links still work and say "PDF".
import { useEffect, useState } from 'react';
import type { Language } from '../../../../shared/constants.ts';
import { DOWNLOADS_BASE, DOWNLOADS_INDEX, DOWNLOAD_IDS, downloadHref, type DownloadId, type DownloadsIndex } from '../../../../shared/downloads.ts';
import { formatFileSize } from '../../../../shared/file-size.ts';
import { Icon } from '../../../components/Icon.tsx';
import { useLanguage } from '../../../i18n/LanguageProvider.tsx';
import type { MessageKey } from '../../../i18n/messages.ts';
import { useT } from '../../../i18n/useT.ts';

const LABELS: Record<DownloadId, MessageKey> = {
  decree160: 'downloads.decree160',
  iniziative: 'downloads.iniziative',
};

export async function fetchDownloadSizes(language: Language, signal?: AbortSignal): Promise<Partial<Record<DownloadId, number>>> {
  const url = new URL(`${DOWNLOADS_BASE}/${DOWNLOADS_INDEX}?lang=${language}`, window.location.href);
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`files.json answered ${response.status}`);
  const index = (await response.json()) as DownloadsIndex;
  return Object.fromEntries(index.files.map((file) => [file.id, file.bytes]));
}

export function Downloads() {
  const t = useT();
  const { language } = useLanguage();
  const [sizes, setSizes] = useState<{ language: Language; bytes: Partial<Record<DownloadId, number>> } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchDownloadSizes(language, controller.signal).then(
      (bytes) => setSizes({ language, bytes }),
      () => {},
    );
    return () => controller.abort();
  }, [language]);
  const bytes = sizes?.language === language ? sizes.bytes : {};
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

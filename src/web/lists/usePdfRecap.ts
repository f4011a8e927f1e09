// Spec §8: the PDF recap download; a failure opens the generic alert with the pdf-request error
// texts. The button stays disabled while the file is on its way.
import { useCallback, useState } from 'react';
import { ModalsActor } from '../app/machines.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { downloadPdf } from './pdf.ts';

export interface PdfErrorKeys {
  titleKey: MessageKey;
  descriptionKey: MessageKey;
}

export function usePdfRecap(errorKeys: PdfErrorKeys) {
  const modals = ModalsActor.useActorRef();
  // The recap comes in the language on screen, as the rest of the page.
  const { language } = useLanguage();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (path: string, requestId: number, openerId?: string) => {
      setBusy(true);
      try {
        await downloadPdf(path, requestId, language);
      } catch {
        modals.send({ type: 'OPEN', modal: { kind: 'alert', type: 'error', ...errorKeys, ...(openerId ? { openerId } : {}) } });
      } finally {
        setBusy(false);
      }
    },
    [modals, errorKeys, language],
  );
  return { busy, download };
}

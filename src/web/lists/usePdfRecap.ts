// Spec §8: the PDF recap download; a failure opens the generic alert with the pdf-request error
// texts. The button stays disabled while the file is on its way.
import { useCallback, useState } from 'react';
import { ModalsActor } from '../app/machines.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { downloadPdf } from './pdf.ts';

export interface PdfErrorKeys {
  titleKey: MessageKey;
  descriptionKey: MessageKey;
}

export function usePdfRecap(errorKeys: PdfErrorKeys) {
  const modals = ModalsActor.useActorRef();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (path: string, fallbackName: string, openerId?: string) => {
      setBusy(true);
      try {
        await downloadPdf(path, fallbackName);
      } catch {
        modals.send({ type: 'OPEN', modal: { kind: 'alert', type: 'error', ...errorKeys, ...(openerId ? { openerId } : {}) } });
      } finally {
        setBusy(false);
      }
    },
    [modals, errorKeys],
  );
  return { busy, download };
}

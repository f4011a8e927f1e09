// Spec §8: the PDF recap download outside a details page (the thank-you page), on the pdfRecap
// machine (machines/pdf-recap.ts); a failure opens the generic alert with the pdf-request error
// texts. The button stays disabled while the file is on its way.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pdfRecapMachine } from '#machines/pdf-recap.ts';
import type { Language } from '#shared/constants.ts';
import { pdfRecapActor } from '../actors/private-area.ts';
import { ModalsActor } from '../app/machines.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { useLanguage } from '../i18n/LanguageProvider.tsx';

export interface PdfErrorKeys {
  titleKey: MessageKey;
  descriptionKey: MessageKey;
}

export function usePdfRecap(errorKeys: PdfErrorKeys) {
  const modals = ModalsActor.useActorRef();
  // The recap comes in the language on screen, as the rest of the page.
  const { language } = useLanguage();
  const languageRef = useRef<Language>(language);
  languageRef.current = language;
  const [logic] = useState(() => pdfRecapMachine.provide({ actors: { downloadPdf: pdfRecapActor(() => languageRef.current) } }));
  const actor = useActorRef(logic);
  const busy = useSelector(actor, (snapshot) => snapshot.matches('downloading'));
  const keys = useRef(errorKeys);
  keys.current = errorKeys;

  useEffect(() => {
    const subscription = actor.on('pdfFailed', ({ openerId }) =>
      modals.send({ type: 'OPEN', modal: { kind: 'alert', type: 'error', ...keys.current, ...(openerId ? { openerId } : {}) } }),
    );
    return () => subscription.unsubscribe();
  }, [actor, modals]);

  const download = useCallback(
    (path: string, requestId: number, openerId?: string) => actor.send({ type: 'DOWNLOAD', path, requestId, ...(openerId ? { openerId } : {}) }),
    [actor],
  );
  return { busy, download };
}

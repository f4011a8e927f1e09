// The documents part of the step "Documents and summary" (docs/architecture.md "Documents in the
// wizard"): the error summary of the slots' refusals (it takes focus at each new one), one slot per
// document the initiative asks for, and what is still missing, which the send button names as its
// reason while it is disabled. Renders the documents machine and sends it events, nothing else.
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { selectIsBusy, selectMissing, selectSlots, type DocumentSlot as Slot } from '#machines/documents.ts';
import type { Requirement } from '#shared/api/attachments.ts';
import { ErrorSummary, type SummaryError } from '../../components/form/ErrorSummary.tsx';
import { useDocumentsSelector, type DocumentsRef } from '../../enrolment/use-documents.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import type { MessageKey } from '../../i18n/messages.ts';
import { useT } from '../../i18n/use-t.ts';
import { DocumentSlot, slotId } from './DocumentSlot.tsx';

export const MISSING_DOCUMENTS_ID = 'documents-missing';

const sameSlots = (a: readonly Slot[], b: readonly Slot[]) =>
  a.length === b.length &&
  a.every(
    (slot, index) =>
      slot.requirement === b[index]?.requirement &&
      slot.attachments.length === b[index].attachments.length &&
      slot.attachments.every((attachment, at) => attachment === b[index]?.attachments[at]) &&
      slot.failure === b[index].failure &&
      slot.upload === b[index].upload &&
      slot.interruptedFileName === b[index].interruptedFileName &&
      slot.required === b[index].required,
  );

export function DocumentsSection({ documents, locked }: { documents: DocumentsRef; locked: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const loading = useDocumentsSelector(documents, (snapshot) => snapshot.matches('loading'));
  const loadFailed = useDocumentsSelector(documents, (snapshot) => snapshot.matches('loadFailed'));
  const busy = useDocumentsSelector(documents, selectIsBusy);
  const slots = useDocumentsSelector(documents, selectSlots, sameSlots);
  const missing = useDocumentsSelector(documents, selectMissing, (a, b) => a.length === b.length && a.every((item, index) => item === b[index]));
  const confirming = useDocumentsSelector(documents, (snapshot) =>
    snapshot.matches({ ready: { work: 'confirmingRemoval' } }) ? snapshot.context.removal : null,
  );
  const failures = useDocumentsSelector(documents, (snapshot) => snapshot.context.failures);

  // Each new refusal moves focus to the summary (ErrorSummary takes focus when the count grows).
  const [shown, setShown] = useState(0);
  const seen = useRef(failures);
  useEffect(() => {
    if (failures.some((failure) => !seen.current.includes(failure))) setShown((count) => count + 1);
    seen.current = failures;
  }, [failures]);

  const nameOf = (requirement: Requirement) => (language === 'en' ? requirement.nameEn : requirement.nameIt);
  const errors: SummaryError[] = slots.flatMap((slot) => {
    const fileName = slot.failure?.fileName ?? slot.interruptedFileName ?? '';
    const key = (slot.failure?.messageKey ?? (slot.interruptedFileName ? 'ep.documents.choose-again' : null)) as MessageKey | null;
    return key ? [{ target: slotId(slot.requirement.requirementCode, 'error'), message: `${nameOf(slot.requirement)}: ${t(key, { fileName })}` }] : [];
  });

  return (
    <section className="app-panel app-documents" aria-labelledby="documents-title" aria-busy={loading}>
      <h2 id="documents-title" className="h5">
        {t('ep.documents.title')}
      </h2>
      <ErrorSummary id="documents-errors" errors={errors} submitCount={errors.length > 0 ? Math.max(shown, 1) : 0} />
      {loading && <p role="status">{t('ep.documents.loading')}</p>}
      {loadFailed && (
        <div className="alert alert-danger" role="alert">
          <p>{t('ep.documents.load-failed')}</p>
          <Button className="btn btn-outline-primary btn-sm" onPress={() => documents.send({ type: 'RELOAD' })}>
            {t('ep.documents.reload')}
          </Button>
        </div>
      )}
      {!loading && !loadFailed && (
        <>
          {slots.length === 0 ? (
            <p>{t('ep.documents.none')}</p>
          ) : (
            <ul className="app-document-list">
              {slots.map((slot) => (
                <DocumentSlot
                  key={slot.requirement.requirementCode}
                  slot={slot}
                  documents={documents}
                  busy={busy}
                  locked={locked}
                  confirming={confirming?.requirementCode === slot.requirement.requirementCode ? confirming : null}
                />
              ))}
            </ul>
          )}
          <p id={MISSING_DOCUMENTS_ID} className={missing.length > 0 ? 'app-documents-missing' : 'app-documents-complete'}>
            {missing.length > 0 ? t('ep.documents.missing', { count: missing.length, names: missing.map(nameOf).join(', ') }) : t('ep.documents.complete')}
          </p>
        </>
      )}
    </section>
  );
}

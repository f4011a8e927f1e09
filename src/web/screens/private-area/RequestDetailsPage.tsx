// A request of the citizen (spec §2 private-area request-details): every part, its history with
// staff shown by role, the decision's reason, and the PDF recap. A sent pratica shows its regime and
// terms, what the office asks of the applicant, and "withdraw" where the lifecycle machine allows it
// (machines/pratica-withdrawal.ts, its dialog WithdrawDialog.tsx; docs/architecture.md "The pratica's
// lifecycle"). The id travels in the URL
// (?requestId=), so a reload or a bookmark reopens the same request. Its documents follow, each with
// its download link (docs/architecture.md "Where documents are shown"). Loading (with retry) and the
// PDF download are machines/details.ts, the same machine as the back office's details page; its
// calls are the actors of src/web/actors/private-area.ts (over src/web/api). The PDF button is a plain <button>
// (docs/performance.md: react-aria's Button would be 13 KB more before interaction, for nothing).
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useContext, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { selectUser } from '#machines/auth.ts';
import { detailsMachine } from '#machines/details.ts';
import type { Language } from '#shared/constants.ts';
import { ownDetailsActors } from '../../actors/private-area.ts';
import type { ShownDocumentsRecord } from '../../actors/shown-documents.ts';
import { DocumentList } from '../../components/documents/DocumentList.tsx';
import { documentError, downloadEvent } from '../../components/documents/download.ts';
import { AuthActor, ModalsActor } from '../../app/machines.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ScreenInspectContext } from '../../lists/inspect.ts';
import { RequestParts } from '../../lists/request/RequestParts.tsx';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import { requestIdOf, resumePath } from './cards.ts';
import { isConcluded, isDraft } from '../../lists/request/rules.ts';
import { retryable } from '../../app/code-loading.ts';
import { PraticaNotice } from './PraticaNotice.tsx';
import { DETAILS_HEADING_ID } from './focus-ids.ts';

// The withdrawal (the lifecycle machine, the note's rule, react-aria's dialog: tens of KB) loads with
// a sent pratica that is not concluded, not with the page.
const WithdrawalControl = lazy(retryable(() => import('./WithdrawalControl.tsx').then((m) => ({ default: m.WithdrawalControl }))));

const PDF_BUTTON_ID = 'request-details-pdf';
const PDF_ERROR = {
  kind: 'alert',
  type: 'error',
  titleKey: 'pa.errors.pdf-request.title',
  descriptionKey: 'pa.errors.pdf-request.description',
  openerId: PDF_BUTTON_ID,
} as const;

export function RequestDetailsPage() {
  const { search } = useLocation();
  const requestId = requestIdOf(search);
  const id = requestId;
  return <Details key={String(id)} requestId={id} />;
}

function Details({ requestId }: { requestId: number | null }) {
  const t = useT();
  const { language } = useLanguage();
  const modals = ModalsActor.useActorRef();
  const languageRef = useRef<Language>(language);
  languageRef.current = language;
  const inspect = useContext(ScreenInspectContext);
  const [logic] = useState(() => detailsMachine.provide({ actors: ownDetailsActors(() => languageRef.current) }));
  const actor = useActorRef(logic, { input: { requestId }, ...(inspect ? { inspect } : {}) });
  const request = useSelector(actor, (s) => s.context.record?.request ?? null);
  const documents = useSelector(actor, (s) => (s.context.record as Partial<ShownDocumentsRecord> | null)?.documents ?? null);
  const failed = useSelector(actor, (s) => s.matches({ record: 'failed' }));
  const failure = useSelector(actor, (s) => s.context.status);
  const none = useSelector(actor, (s) => s.matches({ record: 'none' }));
  const downloading = useSelector(actor, (s) => s.matches({ pdf: 'downloading' }));
  const documentDownloading = useSelector(actor, (s) => s.matches({ document: 'downloading' }));
  const userId = AuthActor.useSelector((snapshot) => selectUser(snapshot)?.userId ?? null);
  // Once offered, the withdrawal stays mounted: its outcome is said after the pratica has ended.
  const withdrawable = useRef(false);
  if (request?.pratica && !isConcluded(request)) withdrawable.current = true;

  useEffect(() => {
    const subscription = actor.on('pdfFailed', () => modals.send({ type: 'OPEN', modal: { ...PDF_ERROR } }));
    const documents = actor.on('documentFailed', ({ fileName }) => modals.send({ type: 'OPEN', modal: documentError(fileName) }));
    return () => {
      subscription.unsubscribe();
      documents.unsubscribe();
    };
  }, [actor, modals]);

  return (
    <div className="container my-5">
      <h1 id={DETAILS_HEADING_ID} tabIndex={-1}>
        {request ? t('pa.details.title', { id: request.requestId }) : t('pages.request-details.title')}
      </h1>
      {none && (
        <p>
          {t('pa.details.no-request')} <Link to={Paths.privateArea}>{t('pa.details.back-to-list')}</Link>
        </p>
      )}
      {failed && <RetrieveError status={failure} onRetry={() => actor.send({ type: 'RETRY' })} />}
      {request && (
        <>
          <div className="app-actions-row my-4">
            <button
              type="button"
              id={PDF_BUTTON_ID}
              className="btn btn-outline-primary"
              disabled={downloading}
              onClick={() => actor.send({ type: 'DOWNLOAD_PDF' })}
            >
              {t('pa.details.pdf')}
            </button>
            {isDraft(request) && (
              <Link className="btn btn-primary" to={resumePath(request.requestId)}>
                {t('pa.card.resume')}
              </Link>
            )}
            {withdrawable.current && (
              <Suspense fallback={null}>
                <WithdrawalControl request={request} userId={userId} details={actor} />
              </Suspense>
            )}
          </div>
          <PraticaNotice request={request} />
          <RequestParts request={request} />
          <div className="app-details">
            <DocumentList
              documents={documents}
              idPrefix={`request-${request.requestId}`}
              onDownload={(document) => actor.send(downloadEvent(document))}
              downloading={documentDownloading}
            />
          </div>
        </>
      )}
    </div>
  );
}

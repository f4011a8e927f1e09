// A request on the desk (spec §2 back-office request details, docs/architecture.md "The clerks' desk"): opened by its own link
// `/back-office/requests/{id}` (a new tab works; the desk's view rides along in the query, so
// "Back to the list", previous and next stay in that view), or by the spec's session-storage choice
// at /back-office/requests/details. Every part of the request, the history with names, the PDF
// recap, the documents with each one's signature report (docs/architecture.md "Where documents are
// shown"), for administrators a draft's storage limit, and for a sent pratica where it stands with
// the actions the lifecycle allows the signed-in staff member (PraticaPanel.tsx, docs/architecture.md
// "The pratica's lifecycle"); collaborators read only (spec §6). Loading and the PDF are machines/details.ts.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useLocation, useParams } from 'react-router-dom';
import { selectUser } from '#machines/auth.ts';
import { detailsMachine } from '#machines/details.ts';
import type { StorageLimitChange } from '#shared/api/back-office.ts';
import type { ApiFailure } from '#shared/api/failure.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { Role, type Language } from '#shared/constants.ts';
import type { StaffEventType } from '#shared/pratica.ts';
import { type DayRange, formatCalendarDay } from '#shared/dates.ts';
import { AuthActor, ModalsActor } from '../../app/machines.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { RequestParts } from '../../lists/request/RequestParts.tsx';
import { isDraft } from '../../lists/request/rules.ts';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { boRequestPath, Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './back-office.scss';
import { deskDetailsActors, type Neighbour } from '../../actors/back-office.ts';
import type { ShownDocumentsRecord } from '../../actors/shown-documents.ts';
import { DocumentList } from '../../components/documents/DocumentList.tsx';
import { documentError, downloadEvent } from '../../components/documents/download.ts';
import { deskSearchOfView, deskViewOf, type DeskView } from './desk-view.ts';
import { praticaEventRefused } from './outcomes.ts';
import { PraticaPanel } from './PraticaPanel.tsx';
import { chosenRequest, rememberChosenRequest } from './selection.ts';
import { StorageLimitForm } from './StorageLimitForm.tsx';

const TITLE_ID = 'bo-request-title';
const PDF_ERROR = {
  kind: 'alert',
  type: 'error',
  titleKey: 'bo.errors.pdf-request.title',
  descriptionKey: 'bo.errors.pdf-request.description',
  openerId: 'bo-request-pdf',
} as const;

function idOf(param: string | undefined): number | null {
  if (param === undefined) return chosenRequest();
  return /^\d{1,10}$/.test(param) && Number(param) >= 1 && Number(param) <= 2_147_483_647 ? Number(param) : null;
}

export function BoRequestDetailsPage() {
  const { requestId: param } = useParams();
  const { search } = useLocation();
  const requestId = idOf(param);
  // A new request (previous / next) is a new page: its own machine.
  return <Details key={`${requestId}${search}`} requestId={requestId} view={search ? deskViewOf(search) : null} />;
}

interface ExtraRecord extends Partial<ShownDocumentsRecord> {
  storageLimitRange?: DayRange;
  storageLimitChanges?: StorageLimitChange[];
  neighbours?: { previous: Neighbour | null; next: Neighbour | null } | null;
}

function Details({ requestId, view }: { requestId: number | null; view: DeskView | null }) {
  const t = useT();
  const { language } = useLanguage();
  const modals = ModalsActor.useActorRef();
  const isAdmin = AuthActor.useSelector((snapshot) => selectUser(snapshot)?.profile.profileId === Role.BO_ADMIN);
  const languageRef = useRef<Language>(language);
  languageRef.current = language;
  const [logic] = useState(() => detailsMachine.provide({ actors: deskDetailsActors(view, () => languageRef.current) }));
  const actor = useActorRef(logic, { input: { requestId } });
  // The request's first arrival is drawn in a transition (docs/performance.md): its parts, history and
  // forms are a large tree, and a store update renders synchronously, in one task that blocked the
  // page for ~200 ms on a phone. Deferred, React renders it in slices and the page stays
  // responsive; until then the page shows the heading alone. Later changes (a decision, a storage
  // limit, a reload) are drawn at once: the page never shows the old state beside the announcement
  // of the new one.
  const current = useSelector(actor, (s) => s.context.record);
  const deferred = useDeferredValue(current);
  const record = deferred === null ? null : current;
  const failed = useSelector(actor, (s) => s.matches({ record: 'failed' }));
  // A refusal (403) is told apart from "try again later" by the callout.
  const failure = useSelector(actor, (s) => s.context.status);
  const none = useSelector(actor, (s) => s.matches({ record: 'none' }));
  const downloading = useSelector(actor, (s) => s.matches({ pdf: 'downloading' }));
  const documentDownloading = useSelector(actor, (s) => s.matches({ document: 'downloading' }));
  // A reload under way (the request stays on screen): "reload" waits for it, as the machine does.
  const reloading = useSelector(actor, (s) => s.matches({ record: 'loading' }));
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    // The spec's session storage keeps the request a reload of /details reopens.
    if (requestId !== null) rememberChosenRequest(requestId);
    const subscription = actor.on('pdfFailed', () => modals.send({ type: 'OPEN', modal: { ...PDF_ERROR } }));
    const documents = actor.on('documentFailed', ({ fileName }) => modals.send({ type: 'OPEN', modal: documentError(fileName) }));
    return () => {
      subscription.unsubscribe();
      documents.unsubscribe();
    };
  }, [actor, modals, requestId]);

  const reload = useCallback(() => actor.send({ type: 'RELOAD' }), [actor]);
  // An action recorded: the moved pratica is shown at once and announced (its panel gives the
  // heading the focus once the dialog is gone). A refused one: an alert says why and the pratica is
  // reloaded, so the actions offered are those of its current state.
  const moved = useCallback(
    (request: SuapRequest, type: StaffEventType) => {
      actor.send({ type: 'REPLACE', request });
      setAnnouncement(t(`bo.pratica.done.${type}`, { id: request.requestId }));
    },
    [actor, t],
  );
  const refused = useCallback(
    (failure: ApiFailure) => {
      modals.send({ type: 'OPEN', modal: praticaEventRefused(failure, TITLE_ID) });
      actor.send({ type: 'RELOAD' });
    },
    [actor, modals],
  );
  const saved = useCallback(
    (day: string) => {
      setAnnouncement(t('bo.storage-limit.saved', { date: formatCalendarDay(day) }));
      actor.send({ type: 'RELOAD' });
    },
    [actor, t],
  );

  const request = record?.request ?? null;
  const extra = (record ?? {}) as ExtraRecord;
  const viewSearch = view ? deskSearchOfView(view) : '';
  const neighbourLink = (neighbour: Neighbour) => `${boRequestPath(neighbour.requestId)}${view ? deskSearchOfView({ ...view, page: neighbour.page }) : ''}`;

  return (
    <div className="container my-4">
      <p className="mb-2">
        <Link to={`${Paths.boRequests}${viewSearch}`}>{t('bo.details.back-to-desk')}</Link>
      </p>
      <h1 id={TITLE_ID} tabIndex={-1}>
        {request ? t('bo.details.title', { id: request.requestId }) : t('pages.bo-request-details.title')}
      </h1>
      <p role="status" className="app-status-message">
        {announcement}
      </p>
      {none && <p>{t('bo.details.none')}</p>}
      {failed && <RetrieveError status={failure} onRetry={() => actor.send({ type: 'RETRY' })} />}
      {request && (
        <>
          <div className="app-actions-row my-3">
            <Button id="bo-request-pdf" className="btn btn-outline-primary" isDisabled={downloading} onPress={() => actor.send({ type: 'DOWNLOAD_PDF' })}>
              {t('pa.details.pdf')}
            </Button>
            <Button className="btn btn-outline-secondary" isDisabled={reloading} onPress={reload}>
              {t('bo.details.reload')}
            </Button>
          </div>
          {extra.neighbours && (extra.neighbours.previous || extra.neighbours.next) && (
            <nav aria-label={t('bo.details.neighbours')} className="app-actions-row mb-3">
              {extra.neighbours.previous && (
                <Link to={neighbourLink(extra.neighbours.previous)}>{t('bo.details.previous', { id: extra.neighbours.previous.requestId })}</Link>
              )}
              {extra.neighbours.next && <Link to={neighbourLink(extra.neighbours.next)}>{t('bo.details.next', { id: extra.neighbours.next.requestId })}</Link>}
            </nav>
          )}
          <div className="app-details">
            <PraticaPanel request={request} titleId={TITLE_ID} onMoved={moved} onRefused={refused} />
          </div>
          <RequestParts request={request} namedHistory>
            {isAdmin && isDraft(request) && extra.storageLimitRange && (
              <StorageLimitForm
                key={`${request.requestId}-${request.storageLimit ?? ''}`}
                requestId={request.requestId}
                current={request.storageLimit ?? null}
                range={extra.storageLimitRange}
                changes={extra.storageLimitChanges ?? []}
                onSaved={saved}
                onStale={reload}
              />
            )}
          </RequestParts>
          <div className="app-details">
            <DocumentList
              documents={extra.documents ?? null}
              idPrefix={`bo-request-${request.requestId}`}
              withReports
              onDownload={(document) => actor.send(downloadEvent(document))}
              downloading={documentDownloading}
            />
          </div>
        </>
      )}
    </div>
  );
}

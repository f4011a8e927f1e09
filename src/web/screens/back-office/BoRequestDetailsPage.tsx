// A request on the desk (spec §2 back-office request details): every part, the history with the
// names of who made each change, the PDF recap (back-office path), a draft's storage limit, and for
// a sent request the decision. The chosen id comes from session storage, so a reload reopens it.
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/useT.ts';
import { RequestParts } from '../../lists/request/RequestParts.tsx';
import { isDraft, isSent } from '../../lists/request/rules.ts';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { useDetails } from '../../lists/useDetails.ts';
import { usePdfRecap } from '../../lists/usePdfRecap.ts';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './back-office.scss';
import { boPdfPath, getRequest } from './api.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { chosenRequest } from './selection.ts';
import { StorageLimitForm } from './StorageLimitForm.tsx';

const PDF_ERROR = { titleKey: 'bo.errors.pdf-request.title', descriptionKey: 'bo.errors.pdf-request.description' } as const;
const PDF_BUTTON_ID = 'bo-request-pdf';

export function BoRequestDetailsPage() {
  const t = useT();
  const [requestId] = useState(chosenRequest);
  const { state, reload, replace } = useDetails(requestId, (id, signal) => getRequest(Number(id), signal));
  const pdf = usePdfRecap(PDF_ERROR);
  const request = state.data;
  return (
    <div className="container my-5">
      <h1 id="bo-request-title" tabIndex={-1}>
        {request ? t('bo.details.title', { id: request.requestId }) : t('pages.bo-request-details.title')}
      </h1>
      {state.kind === 'none' && (
        <p>
          {t('bo.details.none')} <Link to={Paths.boRequests}>{t('bo.details.back-to-desk')}</Link>
        </p>
      )}
      {state.kind === 'failed' && <RetrieveError onRetry={reload} />}
      {request && (
        <>
          <div className="app-actions-row my-4">
            <Button
              id={PDF_BUTTON_ID}
              className="btn btn-outline-primary"
              isDisabled={pdf.busy}
              onPress={() => void pdf.download(boPdfPath(request.requestId), request.requestId, PDF_BUTTON_ID)}
            >
              {t('pa.details.pdf')}
            </Button>
            <Button className="btn btn-outline-secondary" onPress={reload}>
              {t('bo.details.reload')}
            </Button>
          </div>
          {isSent(request) && (
            <div className="app-details">
              <DecisionForm key={request.version} request={request} onDecided={replace} onReload={reload} />
            </div>
          )}
          <RequestParts request={request} namedHistory>
            {isDraft(request) && <StorageLimitForm key={`${request.requestId}-${request.storageLimit ?? ''}`} request={request} onSaved={reload} />}
          </RequestParts>
        </>
      )}
    </div>
  );
}

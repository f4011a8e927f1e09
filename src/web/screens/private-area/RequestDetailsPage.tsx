// A request of the citizen (spec §2 private-area request-details): every part, its history with
// staff shown by role, the decision's reason, and the PDF recap. The id travels in the URL
// (?requestId=), so a reload or a bookmark reopens the same request.
import { Button } from 'react-aria-components';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../../i18n/useT.ts';
import { RequestParts } from '../../lists/request/RequestParts.tsx';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { useDetails } from '../../lists/useDetails.ts';
import { usePdfRecap } from '../../lists/usePdfRecap.ts';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import { getOwnRequest, ownPdfPath } from './api.ts';
import { requestIdOf, resumePath } from './cards.ts';
import { isDraft } from '../../lists/request/rules.ts';

const PDF_ERROR = { titleKey: 'pa.errors.pdf-request.title', descriptionKey: 'pa.errors.pdf-request.description' } as const;
const PDF_BUTTON_ID = 'request-details-pdf';

export function RequestDetailsPage() {
  const t = useT();
  const { search } = useLocation();
  const requestId = requestIdOf(search);
  const { state, reload } = useDetails(requestId, (id, signal) => getOwnRequest(Number(id), signal));
  const pdf = usePdfRecap(PDF_ERROR);
  const request = state.data;
  return (
    <div className="container my-5">
      <h1>{request ? t('pa.details.title', { id: request.requestId }) : t('pages.request-details.title')}</h1>
      {state.kind === 'none' && (
        <p>
          {t('pa.details.no-request')} <Link to={Paths.privateArea}>{t('pa.details.back-to-list')}</Link>
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
              onPress={() => void pdf.download(ownPdfPath(request.requestId), request.requestId, PDF_BUTTON_ID)}
            >
              {t('pa.details.pdf')}
            </Button>
            {isDraft(request) && (
              <Link className="btn btn-primary" to={resumePath(request.requestId)}>
                {t('pa.card.resume')}
              </Link>
            )}
          </div>
          <RequestParts request={request} />
        </>
      )}
    </div>
  );
}

// Step "thank page" (hidden in the step menu): the request was sent. Its number, what happens
// next, the PDF recap (spec §7 getPdfRecap, saved under the server's file name; a failure opens
// the generic alert of spec §8), the way to the private area where its status shows, and a new
// request. A step address typed after sending lands here too (the startup machine reads the tab's
// "sent" marker): the draft machine no longer holds the request, the marker gives its number.
import { Button } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { selectSentRequest } from '#machines/draft.ts';
import { apiPath } from '#shared/api/paths.ts';
import { DraftActor, StartupActor } from '../../enrolment/machines.ts';
import { localized } from '../../enrolment/views.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { usePdfRecap } from '../../lists/use-pdf-recap.ts';
import { Paths } from '../../routes/paths.ts';
import { StepFrame } from './StepFrame.tsx';

const PDF_BUTTON_ID = 'thank-page-pdf';
const PDF_ERROR = { titleKey: 'modals.pdf-request-error.title', descriptionKey: 'modals.pdf-request-error.description' } as const;

export function ThankPage() {
  const t = useT();
  const { language } = useLanguage();
  const sent = DraftActor.useSelector(selectSentRequest);
  const markedId = StartupActor.useSelector((snapshot) => snapshot.context.sentRequestId);
  const sentId = sent?.requestId ?? markedId;
  const pdf = usePdfRecap(PDF_ERROR);
  const download = () => {
    if (sentId !== null) void pdf.download(apiPath('requestPdf', { id: sentId }), sentId, PDF_BUTTON_ID);
  };

  return (
    <StepFrame title={t('pages.thank-page.title')} abortable={false}>
      <div className="alert alert-success app-thank-callout">
        <h2 className="h4">{t('ep.thank-page.sent')}</h2>
        {sent ? (
          <>
            <p className="app-request-number">{t('ep.thank-page.number', { number: sent.requestId })}</p>
            {sent.suap && <p>{t('ep.thank-page.office', { office: sent.suap.name })}</p>}
            {sent.iniziative && <p>{t('ep.thank-page.initiative', { initiative: localized(sent.iniziative, 'activity', language) })}</p>}
          </>
        ) : (
          <>
            {markedId !== null && <p className="app-request-number">{t('ep.thank-page.number', { number: markedId })}</p>}
            <p>{t('ep.thank-page.no-details')}</p>
          </>
        )}
      </div>
      <h2 className="h4">{t('ep.thank-page.next-title')}</h2>
      <ol className="app-summary-list">
        <li>{t('ep.thank-page.next.receipt')}</li>
        <li>{t('ep.thank-page.next.office')}</li>
        <li>{t('ep.thank-page.next.status')}</li>
      </ol>
      <div className="app-form-actions app-thank-actions">
        {sentId !== null && (
          <Button id={PDF_BUTTON_ID} className="btn btn-outline-primary" isDisabled={pdf.busy} onPress={download}>
            {t('ep.thank-page.pdf')}
          </Button>
        )}
        <Link to={Paths.privateArea} className="btn btn-primary">
          {t('ep.thank-page.private-area')}
        </Link>
        {/* The process entry: it offers a draft the person has, or starts a new request. */}
        <Link to={Paths.startup} className="btn btn-outline-primary">
          {t('ep.thank-page.new-request')}
        </Link>
      </div>
    </StepFrame>
  );
}

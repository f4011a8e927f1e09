// A request's documents on its details pages, the citizen's and the desk's (docs/architecture.md
// "Where documents are shown"): a table with a header per column, one row per document (its
// requirement, its file name as the button that downloads it, size, SHA-256 and what its signature
// says, in words, never by colour alone). The hash shows its ends at a glance; a screen reader reads
// it whole, and the desk's reports (SignatureReport) give it whole in a copyable <code>.
// A button, not a link: the bytes come with the session's token (the details machine's download),
// which a browser's link would not carry.
import type { ShownDocument } from '../../actors/shown-documents.ts';
import { shortHash } from '#shared/document-display.ts';
import { formatFileSize } from '#shared/file-size.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { signatureSummary } from './signature-text.ts';
import { SignatureReport } from './SignatureReport.tsx';

interface Props {
  /** The documents; null when their list could not be read (the page says so). */
  documents: ShownDocument[] | null;
  /** Prefix of the section's ids (one request's page). */
  idPrefix: string;
  /** The desk: each document's full signature report under the table. */
  withReports?: boolean;
  /** Asks for one document's bytes (the page sends the details machine DOWNLOAD_DOCUMENT). */
  onDownload: (document: ShownDocument) => void;
  /** A document is on its way: the others wait (the machine takes one download at a time). */
  downloading: boolean;
}

export function DocumentList({ documents, idPrefix, withReports = false, onDownload, downloading }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const headingId = `${idPrefix}-documents`;
  return (
    <section className="app-details-part" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('shown-docs.title')}</h2>
      {documents === null ? (
        <p role="status">{t('shown-docs.unavailable')}</p>
      ) : documents.length === 0 ? (
        <p>{t('shown-docs.none')}</p>
      ) : (
        <>
          <div className="table-responsive">
            <table className="table table-sm align-top">
              <caption className="visually-hidden">{t('shown-docs.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('shown-docs.requirement')}</th>
                  <th scope="col">{t('shown-docs.file')}</th>
                  <th scope="col">{t('shown-docs.size')}</th>
                  <th scope="col">{t('shown-docs.hash')}</th>
                  <th scope="col">{t('shown-docs.signature')}</th>
                </tr>
              </thead>
              <tbody>
                {documents.map((document) => (
                  <tr key={document.attachmentId}>
                    <th scope="row">{language === 'it' ? document.requirementNameIt : document.requirementNameEn}</th>
                    <td className="text-break">
                      <button
                        type="button"
                        className="btn btn-link p-0 text-start text-break"
                        aria-label={`${t('shown-docs.download')} ${document.fileName}`}
                        disabled={downloading}
                        onClick={() => onDownload(document)}
                      >
                        {document.fileName}
                      </button>
                    </td>
                    <td className="text-nowrap">{formatFileSize(document.size, language)}</td>
                    <td>
                      <code title={document.hash}>
                        <span aria-hidden="true">{shortHash(document.hash)}</span>
                        <span className="visually-hidden">{document.hash}</span>
                      </code>
                    </td>
                    <td>{signatureSummary(t, document.signature)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {withReports && documents.map((document) => <SignatureReport key={document.attachmentId} document={document} idPrefix={headingId} />)}
        </>
      )}
    </section>
  );
}

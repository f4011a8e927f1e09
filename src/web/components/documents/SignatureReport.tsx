// One document's full report on the desk (docs/architecture.md "Where documents are shown"): its
// whole SHA-256 in a copyable <code>, and for a signed one each signer (name, fiscal code, whether
// they are the applicant, signing time on the office's clock, Europe/Rome) and whether their
// signature is intact, in words. The certificate line is honest: offline the chain is not checked
// against the EU trusted lists, and the report says so.
import type { ShownDocument } from '../../actors/shown-documents.ts';
import { signatureStatus } from '#shared/document-display.ts';
import { ValueOrEmpty } from '../EmptyValue.tsx';
import { useT } from '../../i18n/use-t.ts';
import { formatDateTime } from '../../lists/dates.ts';

export function SignatureReport({ document, idPrefix }: { document: ShownDocument; idPrefix: string }) {
  const t = useT();
  const headingId = `${idPrefix}-report-${document.attachmentId}`;
  const signature = document.signature;
  const status = signatureStatus(signature);
  return (
    <section aria-labelledby={headingId} className="mt-3">
      <h3 id={headingId} className="h5">
        {t('shown-docs.report.title', { name: document.fileName })}
      </h3>
      <dl>
        <dt>{t('shown-docs.hash')}</dt>
        <dd>
          <code className="text-break user-select-all">{document.hash}</code>
        </dd>
        <dt>{t('shown-docs.report.uploaded-on')}</dt>
        <dd>{formatDateTime(document.uploadedOn)}</dd>
        <dt>{t('shown-docs.signature')}</dt>
        <dd>
          {signature === null
            ? t('shown-docs.unsigned')
            : `${t('shown-docs.report.format', { format: signature.format })}; ${t(status === 'intact' ? 'shown-docs.intact' : 'shown-docs.broken')}`}
        </dd>
        {signature !== null && (
          <>
            <dt>{t('shown-docs.report.certificate')}</dt>
            <dd>{t(signature.chainChecked ? 'shown-docs.chain-checked' : 'shown-docs.chain-unchecked')}</dd>
          </>
        )}
      </dl>
      {signature !== null &&
        (signature.signers.length === 0 ? (
          <p>{t('shown-docs.report.no-signers')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm">
              <caption>{t('shown-docs.report.signers', { name: document.fileName })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('shown-docs.report.name')}</th>
                  <th scope="col">{t('shown-docs.report.fiscal-code')}</th>
                  <th scope="col">{t('shown-docs.report.is-applicant')}</th>
                  <th scope="col">{t('shown-docs.report.signing-time')}</th>
                  <th scope="col">{t('shown-docs.report.integrity')}</th>
                </tr>
              </thead>
              <tbody>
                {signature.signers.map((signer, index) => (
                  <tr key={`${signer.fiscalCode ?? signer.name}-${index}`}>
                    <th scope="row">{signer.name}</th>
                    <td>
                      <ValueOrEmpty value={signer.fiscalCode} />
                    </td>
                    <td>{t(signer.isApplicant ? 'shown-docs.report.yes' : 'shown-docs.report.no')}</td>
                    <td>
                      <ValueOrEmpty value={formatDateTime(signer.signingTime)} />
                    </td>
                    <td>{t(signer.intact ? 'shown-docs.intact' : 'shown-docs.broken')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}

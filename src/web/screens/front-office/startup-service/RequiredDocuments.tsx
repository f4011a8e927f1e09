// The documents a request carries, on the service page (docs/architecture.md "What each initiative
// needs"): one collapsible group per set of the default catalogue, each document with whether it is
// required, optional or required when filing for someone else, its formats, size and signature.
// Static, so the page stays prerendered; the wizard shows the chosen initiative's own list.
import type { Requirement } from '#shared/api/attachments.ts';
import { formatFileSize } from '#shared/file-size.ts';
import { requirementsOfSets } from '#shared/requirement-catalogue.ts';
import { useLanguage } from '#web/i18n/LanguageProvider.tsx';
import { GROUP_ORDER, REQUIRED_DOCUMENTS, TYPE_LABELS, type RequiredDocumentsText } from './required-documents.ts';

function need(requirement: Requirement, text: RequiredDocumentsText): string {
  if (requirement.required) return text.required;
  return requirement.requiredWhen === 'intermediary' ? text.whenIntermediary : text.optional;
}

export function RequiredDocuments() {
  const { language } = useLanguage();
  const text = REQUIRED_DOCUMENTS[language];
  return (
    <div className="app-required-documents" data-testid="required-documents">
      <h3 className="h5">{text.title}</h3>
      <p>{text.intro}</p>
      {GROUP_ORDER.map((group) => (
        <details key={group} className="app-required-documents-group">
          <summary>
            <h4 className="h6 d-inline">{text.groups[group]}</h4>
          </summary>
          <ul className="app-article-list">
            {requirementsOfSets([group]).map((requirement) => {
              const details = [
                need(requirement, text),
                text.formats(requirement.acceptedTypes.map((type) => TYPE_LABELS[type]).join(', '), formatFileSize(requirement.maxBytes, language)),
                text.files(requirement.maxFiles),
                ...(requirement.signatureRequired ? [text.signature] : []),
              ];
              return (
                <li key={requirement.requirementCode}>
                  <strong>{language === 'en' ? requirement.nameEn : requirement.nameIt}</strong> ({details.join('; ')}).{' '}
                  {language === 'en' ? requirement.descriptionEn : requirement.descriptionIt}
                </li>
              );
            })}
          </ul>
        </details>
      ))}
    </div>
  );
}

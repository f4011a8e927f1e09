// One document the initiative asks for (docs/architecture.md "Documents in the wizard"): its name,
// whether it is required, the kinds and size it takes, the files stored for it, the upload in
// flight as a progressbar with its label, and the slot's refusal. The file is chosen with a button
// (react-aria FileTrigger, the accept filter from DOCUMENT_EXTENSIONS) or dropped on the slot
// (DropZone); both send the machine the same event. Focus: after a store or a removal it goes to
// the slot's status line, which says what happened; a refusal is focused by the step's summary.
import { useEffect, useRef, useState } from 'react';
import { Button, DropZone, FileTrigger, type DropZoneProps, type FileDropItem } from 'react-aria-components';
import type { DocumentSlot as Slot } from '#machines/documents.ts';
import type { Attachment } from '#shared/api/attachments.ts';
import { DOCUMENT_EXTENSIONS } from '#shared/documents.ts';
import { formatFileSize } from '#shared/file-size.ts';
import type { DocumentsRef } from '../../enrolment/use-documents.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import type { MessageKey } from '../../i18n/messages.ts';
import { useT } from '../../i18n/use-t.ts';

/** The id of a slot's element (its heading, status, error), for the error summary's links. */
export const slotId = (code: string, part: 'title' | 'status' | 'error' | 'choose') => `document-${code}-${part}`;

interface Props {
  slot: Slot;
  documents: DocumentsRef;
  /** Another change is in flight: nothing else may start. */
  busy: boolean;
  /** The attachment awaiting the confirmation of its removal, when it is one of this slot's. */
  confirming: Attachment | null;
  /** The draft can no longer change (sent, or being saved): nothing may be chosen or removed. */
  locked: boolean;
}

type DropEvent = Parameters<NonNullable<DropZoneProps['onDrop']>>[0];

function isFileItem(item: DropEvent['items'][number]): item is FileDropItem {
  return item.kind === 'file';
}

export function DocumentSlot({ slot, documents, busy, confirming, locked }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const { requirement, attachments, failure, upload } = slot;
  const code = requirement.requirementCode;
  const name = language === 'en' ? requirement.nameEn : requirement.nameIt;
  const description = language === 'en' ? requirement.descriptionEn : requirement.descriptionIt;
  const accept = requirement.acceptedTypes.flatMap((type) => DOCUMENT_EXTENSIONS[type]);
  const disabled = busy || locked;
  const status = useRef<HTMLParagraphElement>(null);
  const confirmTitle = useRef<HTMLParagraphElement>(null);
  const [said, setSaid] = useState<{ key: MessageKey; fileName: string } | null>(null);

  // What changed since the last render: a file stored or removed is said on the status line, which
  // takes focus (the control that was pressed may be gone).
  const previous = useRef(attachments);
  useEffect(() => {
    const before = previous.current;
    previous.current = attachments;
    const added = attachments.find((attachment) => !before.some((old) => old.attachmentId === attachment.attachmentId));
    const removed = before.find((old) => !attachments.some((attachment) => attachment.attachmentId === old.attachmentId));
    if (!added && !removed) return;
    setSaid(added ? { key: 'ep.documents.uploaded', fileName: added.fileName } : { key: 'ep.documents.removed', fileName: removed?.fileName ?? '' });
    status.current?.focus();
  }, [attachments]);
  useEffect(() => {
    if (confirming) confirmTitle.current?.focus();
  }, [confirming]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    documents.send(slot.canReplace ? { type: 'REPLACE', requirementCode: code, file } : { type: 'CHOOSE', requirementCode: code, file });
  };
  const onDrop = async (event: DropEvent) => {
    const item = event.items.find(isFileItem);
    if (item) choose(await item.getFile());
  };

  const requiredKey: MessageKey = slot.required
    ? 'ep.documents.required'
    : requirement.requiredWhen
      ? 'ep.documents.required-intermediary'
      : 'ep.documents.optional';
  const describedBy = `${slotId(code, 'title')}-rules`;
  return (
    <li className="app-document-slot">
      <DropZone
        className={({ isDropTarget }) => `app-document-drop${isDropTarget ? ' app-document-drop-target' : ''}`}
        aria-label={t('ep.documents.drop-label', { name })}
        isDisabled={disabled || (!slot.canAdd && !slot.canReplace)}
        getDropOperation={() => (disabled ? 'cancel' : 'copy')}
        onDrop={(event) => void onDrop(event)}
      >
        <h3 id={slotId(code, 'title')} className="h6 app-document-name">
          {name} <span className={`badge ${slot.required ? 'app-badge-required' : 'app-badge-optional'}`}>{t(requiredKey)}</span>
        </h3>
        <p id={describedBy} className="app-document-rules">
          {description}{' '}
          {t('ep.documents.rules', {
            formats: accept.join(', '),
            size: formatFileSize(requirement.maxBytes, language),
            count: requirement.maxFiles,
          })}
          {requirement.signatureRequired && <> {t('ep.documents.signature-required')}</>}
        </p>
        {attachments.length > 0 && (
          <ul className="app-document-files" aria-label={t('ep.documents.files-of', { name })}>
            {attachments.map((attachment) => (
              <li key={attachment.attachmentId}>
                <span className="app-document-file">
                  {attachment.fileName} <span className="app-document-size">({formatFileSize(attachment.size, language)})</span>
                </span>
                {confirming?.attachmentId === attachment.attachmentId ? (
                  <div className="app-document-confirm" role="group" aria-labelledby={`${slotId(code, 'title')}-confirm`}>
                    <p id={`${slotId(code, 'title')}-confirm`} ref={confirmTitle} tabIndex={-1}>
                      {t('ep.documents.confirm-remove', { fileName: attachment.fileName })}
                    </p>
                    <Button className="btn btn-danger btn-sm" onPress={() => documents.send({ type: 'CONFIRM_REMOVE' })}>
                      {t('ep.documents.remove')}
                    </Button>{' '}
                    <Button className="btn btn-outline-primary btn-sm" onPress={() => documents.send({ type: 'CANCEL_REMOVE' })}>
                      {t('ep.documents.keep')}
                    </Button>
                  </div>
                ) : (
                  <Button
                    className="btn btn-link btn-sm"
                    isDisabled={disabled}
                    onPress={() => documents.send({ type: 'REMOVE', attachmentId: attachment.attachmentId })}
                  >
                    {t('ep.documents.remove')}
                    <span className="visually-hidden"> {attachment.fileName}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {upload && (
          <div className="app-document-progress">
            <div className="progress">
              <div
                className="progress-bar"
                role="progressbar"
                aria-label={t('ep.documents.uploading', { fileName: upload.file.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={upload.percent}
                aria-valuetext={`${upload.percent}%`}
                style={{ width: `${upload.percent}%` }}
              />
            </div>
            <span aria-hidden="true">
              {t('ep.documents.uploading', { fileName: upload.file.name })} {upload.percent}%
            </span>{' '}
            <Button className="btn btn-link btn-sm" onPress={() => documents.send({ type: 'CANCEL' })}>
              {t('ep.documents.cancel')}
            </Button>
          </div>
        )}
        {failure && (
          <p id={slotId(code, 'error')} className="app-document-error" tabIndex={-1}>
            {t(failure.messageKey as MessageKey, { fileName: failure.fileName ?? '' })}
            {failure.messageKey.startsWith('api-errors.') && failure.fileName && <> ({failure.fileName})</>}
            {failure.file && (
              <>
                {' '}
                <Button className="btn btn-link btn-sm" isDisabled={disabled} onPress={() => documents.send({ type: 'RETRY', requirementCode: code })}>
                  {t('ep.documents.retry')}
                  <span className="visually-hidden"> {failure.fileName}</span>
                </Button>
              </>
            )}
          </p>
        )}
        {slot.interruptedFileName && !failure && (
          <p id={slotId(code, 'error')} className="app-document-error" tabIndex={-1}>
            {t('ep.documents.choose-again', { fileName: slot.interruptedFileName })}
          </p>
        )}
        <p ref={status} id={slotId(code, 'status')} className="app-document-status" role="status" tabIndex={-1}>
          {said ? t(said.key, { fileName: said.fileName }) : ''}
        </p>
        {(slot.canAdd || slot.canReplace) && !locked && (
          <FileTrigger acceptedFileTypes={accept} onSelect={(files) => choose(files?.[0])}>
            <Button id={slotId(code, 'choose')} className="btn btn-outline-primary btn-sm" isDisabled={disabled} aria-describedby={describedBy}>
              {t(slot.canReplace ? 'ep.documents.replace' : attachments.length > 0 ? 'ep.documents.choose-another' : 'ep.documents.choose')}
              <span className="visually-hidden"> {name}</span>
            </Button>
          </FileTrigger>
        )}
      </DropZone>
    </li>
  );
}

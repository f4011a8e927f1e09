// The dialog for code that could not be downloaded (app/code-loading.ts): the same error dialog as
// a failed draft save, "your data are still here, try again", with one button that downloads the
// waiting parts anew. It is part of the shell, not of the modal host, because the modal host is
// itself downloaded on demand and may be what failed: so it is plain markup with Bootstrap Italia's
// modal classes, not react-aria. It takes focus when it appears (spec §2 "Modals"); the screen
// under it is inert until the code arrives.
import { useEffect, useId, useRef, type RefObject } from 'react';
import { retryCodeLoading, useCodeLoadFailed } from '../../app/code-loading.ts';
import { useT } from '../../i18n/use-t.ts';
import { Icon } from '../Icon.tsx';

export function LoadFailedDialog() {
  const failed = useCodeLoadFailed();
  return failed ? <LoadFailedAlert /> : null;
}

function LoadFailedAlert() {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  const overlay = useRef<HTMLDivElement>(null);
  const retry = useRef<HTMLButtonElement>(null);
  useEffect(() => retry.current?.focus(), []);
  useInertSiblings(overlay);
  return (
    <div ref={overlay} className="modal alert-modal app-modal app-load-failed">
      <div className="modal-dialog modal-dialog-centered app-modal-dialog">
        <div
          className="modal-content"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          data-modal-kind="loadFailed"
          data-modal-type="error"
        >
          <div className="modal-header">
            <Icon name="error" className="app-modal-icon app-modal-icon-error" />
            <h2 id={titleId} className="modal-title h5">
              {t('modals.load-failed.title')}
            </h2>
          </div>
          <div className="modal-body">
            <p id={descriptionId}>{t('modals.load-failed.description')}</p>
          </div>
          <div className="modal-footer">
            <button ref={retry} type="button" className="btn btn-primary btn-sm" onClick={retryCodeLoading}>
              {t('modals.load-failed.retry')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * While the dialog is up, the rest of the page (the overlay's siblings: the shell's header, main,
 * footer) is inert, so focus and the screen reader stay in the dialog, as in react-aria's modals.
 */
function useInertSiblings(overlay: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const siblings = Array.from(overlay.current?.parentElement?.children ?? []).filter(
      (element): element is HTMLElement => element instanceof HTMLElement && element !== overlay.current && !element.inert,
    );
    for (const element of siblings) element.inert = true;
    return () => {
      for (const element of siblings) element.inert = false;
    };
  }, [overlay]);
}

// The action row of a step form: "save draft" keeps the draft and stays, "continue" saves and
// completes the step (spec §4 "Draft save"). Disabled whenever the draft machine takes no SAVE:
// while a call is in flight, after a save refused as stale, once the request is sent. A "save draft"
// that succeeded is confirmed by a status message beside the buttons (docs/architecture.md "The citizen's journey with real data"): no dialog, so
// focus stays on the button the person pressed. It says when: the server's time of the save, on the
// office's clock (Europe/Rome).
import { useEffect, useRef } from 'react';
import { Button } from 'react-aria-components';
import { selectSavedAt, selectSavedNotice } from '#machines/draft.ts';
import { DraftActor } from '../../enrolment/machines.ts';
import { useT } from '../../i18n/use-t.ts';
import { formatTime } from '../../lists/dates.ts';

interface Props {
  /** The draft machine refuses SAVE now (not 'editing'). */
  disabled: boolean;
  onSave: () => void;
}

/** "Continue" is the form's submit button: the form's onSubmit saves and completes. */
export function StepActions({ disabled, onSave }: Props) {
  const t = useT();
  const saved = DraftActor.useSelector(selectSavedNotice);
  const savedAt = DraftActor.useSelector(selectSavedAt);
  const saveButton = useRef<HTMLButtonElement>(null);
  // The button was disabled while saving, which drops focus to the page: give it back.
  useEffect(() => {
    if (saved && (document.activeElement === document.body || document.activeElement === null)) saveButton.current?.focus();
  }, [saved]);
  return (
    <div className="app-form-actions">
      <Button ref={saveButton} id="step-save-draft" className="btn btn-outline-primary" isDisabled={disabled} onPress={onSave}>
        {t('ep.actions.save-draft')}
      </Button>
      <Button id="step-continue" type="submit" className="btn btn-primary" isDisabled={disabled}>
        {t('ep.actions.continue')}
      </Button>
      {/* The live region is always there, so screen readers announce the text when it appears. */}
      <p role="status" className="app-save-status mb-0">
        {saved ? (savedAt ? t('ep.actions.draft-saved-at', { time: formatTime(savedAt) }) : t('modals.draft-updated')) : ''}
      </p>
    </div>
  );
}

// The action row of a step form: "save draft" keeps the draft and stays, "continue" saves and
// completes the step (spec §4 "Draft save"). Disabled while a call is in flight.
import { Button } from 'react-aria-components';
import { useT } from '../../i18n/useT.ts';

interface Props {
  busy: boolean;
  onSave: () => void;
}

/** "Continue" is the form's submit button: the form's onSubmit saves and completes. */
export function StepActions({ busy, onSave }: Props) {
  const t = useT();
  return (
    <div className="app-form-actions">
      <Button id="step-save-draft" className="btn btn-outline-primary" isDisabled={busy} onPress={onSave}>
        {t('ep.actions.save-draft')}
      </Button>
      <Button id="step-continue" type="submit" className="btn btn-primary" isDisabled={busy}>
        {t('ep.actions.continue')}
      </Button>
    </div>
  );
}

// The frame of every step page: its heading (focused when the step opens, so keyboard and screen
// reader users start at the new step, and again once the latest version has been loaded after a
// conflict), the stale-version alert with its reload offer (in view and focused as it appears), the
// retrieve-error callout, the step's content and the abort control (spec §4 "Abort").
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useNavigationType } from 'react-router-dom';
import { useDraftState } from '../../enrolment/use-draft-state.ts';
import { useT } from '../../i18n/use-t.ts';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { revealAndFocus } from '../../components/form/ErrorSummary.tsx';

export const ABORT_BUTTON_ID = 'enrolment-abort';

interface Props {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** The abort control (every step but the thank page). */
  abortable?: boolean;
}

export function StepFrame({ title, intro, children, abortable = true }: Props) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const { draftRef, stale, retrieveStatus, busy, editing } = useDraftState();

  // A step reached by a link or by "continue" starts at the top, in the very frame that draws it.
  // The shell's scroll restoration scrolls there too, but Bootstrap Italia's `:root { scroll-behavior:
  // smooth }` animates it: the new step was first drawn at the old step's scroll offset, with the
  // footer in view moving (a layout shift Lighthouse counted on "continue", the summary arriving
  // more than 500 ms after the click). Back and forward keep the restored position.
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // Only when the step opens.
  }, []);

  // After the shell moved focus to <main> for the new page (its effect runs after ours).
  useEffect(() => {
    const timer = window.setTimeout(() => heading.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, []);

  // The conflict is over (the latest version loaded): the alert that had focus is gone and the form
  // below shows other data, so the person starts again from the step's top (spec §2: focus goes
  // where the person's next step is, never to the page's body).
  const wasStale = useRef(stale);
  useEffect(() => {
    if (wasStale.current && !stale && heading.current) revealAndFocus(heading.current, 'start');
    wasStale.current = stale;
  }, [stale]);

  return (
    <section className="app-step" aria-labelledby="step-title">
      <h1 id="step-title" ref={heading} tabIndex={-1} className="app-step-title">
        {title}
      </h1>
      {intro && <div className="app-step-intro">{intro}</div>}
      {stale && <StaleAlert onReload={() => draftRef.send({ type: 'RELOAD_LATEST' })} />}
      {retrieveStatus && (
        <div className="app-step-alert">
          <RetrieveError status={retrieveStatus} />
        </div>
      )}
      {children}
      {abortable && (
        <div className="app-step-abort">
          {/* Abandoning the request is a danger action: drawn in the danger colour (docs/architecture.md "The citizen's journey with real data"). */}
          <Button
            id={ABORT_BUTTON_ID}
            className="btn btn-link px-0 text-danger"
            isDisabled={busy || !(editing || stale)}
            onPress={() => draftRef.send({ type: 'ABORT', openerId: ABORT_BUTTON_ID })}
          >
            {t('ep.abort')}
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * The two-tab conflict: the save was refused because the draft changed elsewhere. It appears where
 * the page starts, usually far above the button that saved, so it takes focus as it appears (and the
 * browser scrolls it into view): the person sees and hears what happened, then the reload offer
 * (spec §2: focus goes where the person's next step is).
 */
function StaleAlert({ onReload }: { onReload: () => void }) {
  const t = useT();
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (alert.current) revealAndFocus(alert.current, 'center');
  }, []);
  return (
    <div ref={alert} tabIndex={-1} className="alert alert-warning app-step-alert" role="alert" aria-labelledby="step-stale-title">
      <h2 id="step-stale-title" className="h5">
        {t('ep.stale.title')}
      </h2>
      <p>{t('ep.stale.description')}</p>
      <Button className="btn btn-primary btn-sm" onPress={onReload}>
        {t('ep.stale.reload')}
      </Button>
    </div>
  );
}

// The error summary at the top of a form (GOV.UK "error summary", Designers Italia's form
// guidance): after a submit that failed it takes focus, so keyboard, screen-reader and phone users
// land on it wherever they were, and each error is a link that moves focus to its field.
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/use-t.ts';

export interface SummaryError {
  /** The id of the element to focus: a field's input (see fieldId) or a group's heading. */
  target: string;
  message: string;
}

interface Props {
  errors: readonly SummaryError[];
  /** Grows at each submit; the summary shows from the first and takes focus at each, when there are errors. */
  submitCount: number;
  /** Distinguishes two summaries on one page (ids of the heading). */
  id?: string;
}

/** The id a form field's input carries, so the summary can link to it. */
export function fieldId(name: string): string {
  return `field-${name}`;
}

const FOCUSABLE = 'input, select, textarea, button, a[href], [tabindex]';

/**
 * Scrolls an element into view at once and focuses it. One instant scroll: focus()'s own scroll and
 * a smooth scrollIntoView (Bootstrap makes scrolling smooth) would race, and on a phone the page
 * could settle with the element out of view.
 */
export function revealAndFocus(element: HTMLElement, block: ScrollLogicalPosition): void {
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block, behavior: 'instant' });
}

/**
 * Moves focus to an element by id: the element itself when focusable, else the chosen (or first)
 * control inside it (a radio group), else the element made focusable (a section heading).
 */
export function focusTarget(target: string): void {
  const element = document.getElementById(target);
  if (!element) return;
  let focusable: HTMLElement | null = element.matches(FOCUSABLE)
    ? element
    : (element.querySelector<HTMLElement>('input:checked') ?? element.querySelector<HTMLElement>('input, select, textarea, button'));
  if (!focusable) {
    element.setAttribute('tabindex', '-1');
    focusable = element;
  }
  revealAndFocus(focusable, 'center');
}

export function ErrorSummary({ errors, submitCount, id = 'error-summary' }: Props) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const count = errors.length;

  useEffect(() => {
    if (submitCount === 0 || count === 0) return;
    if (box.current) revealAndFocus(box.current, 'start');
    // Only a new submit moves focus (count is left out on purpose): fixing one error must not
    // pull the user back up to the summary.
  }, [submitCount]);

  // Before the first submit, errors show next to the fields the person has left, not up here.
  if (count === 0 || submitCount === 0) return null;
  return (
    <div ref={box} id={id} className="alert alert-danger app-error-summary" tabIndex={-1} role="group" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5 app-error-summary-title">
        {t('error-summary.title')}
      </h2>
      <p className="mb-2">{t('error-summary.intro', { count })}</p>
      <ul className="mb-0">
        {errors.map((error) => (
          <li key={error.target}>
            <a
              href={`#${error.target}`}
              onClick={(event) => {
                event.preventDefault();
                focusTarget(error.target);
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

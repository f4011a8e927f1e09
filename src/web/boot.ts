// The page's one script tag (index.html): the stylesheets, then the app (main.tsx). A page the
// server sent prerendered is already readable, so the app is fetched only once that content is on
// screen (the browser's first-contentful-paint entry): its download and start-up never hold back
// the first paint. Any other page needs the app to show anything, and gets it at once.
import './styles/fonts.css';
import './styles/main.scss';

let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./main.tsx');
  warmUpIntl();
}

/**
 * The browser's Intl data is loaded on first use: react-aria (DateTimeFormat) and react-intl
 * (NumberFormat) ask for it before anything renders. Whichever Intl service comes first pays for
 * nearly all of it in one call (ICU's data, then V8's list of available locales, built from every
 * ICU locale): 50-350 ms of main thread on a 4x throttled CPU, the longest task after the first
 * paint in Lighthouse's traces. Asked for piece by piece in this order, the same work comes in six
 * tasks of at most ~40 ms throttled (plural rules, likely subtags, numbering systems, calendars,
 * then the two services' locale lists, which are by then cheap), one after the other while the
 * app downloads, and not inside the app's start-up, which would then block input that much longer.
 */
function warmUpIntl(): void {
  const locales = navigator.languages?.length ? [...navigator.languages] : ['it'];
  const steps: (() => unknown)[] = [
    () => new Intl.PluralRules(locales).select(1),
    () => new Intl.Locale(locales[0]!).maximize(),
    () => Intl.supportedValuesOf('numberingSystem'),
    () => Intl.supportedValuesOf('calendar'),
    () => Intl.DateTimeFormat.supportedLocalesOf(locales),
    () => Intl.NumberFormat.supportedLocalesOf(locales),
  ];
  const next = () => {
    try {
      steps.shift()?.();
    } catch {
      // An older browser without one of these (Intl.supportedValuesOf: 2022) or an odd language
      // tag: the app asks for what it needs anyway, only in one piece.
    }
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

/** Calls `then` once the page has painted content (or right after the next frame where that cannot be observed). */
function afterFirstPaint(then: () => void): void {
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
    return;
  }
  // requestAnimationFrame runs just before the next paint, the timeout right after it.
  requestAnimationFrame(() => setTimeout(then, 0));
}

if (document.getElementById('root')?.dataset.prerendered) afterFirstPaint(start);
else start();

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
 * The browser's Intl data is loaded on first use, a few tens of milliseconds of main-thread work
 * that react-intl and react-aria need before anything renders. Done in tasks of their own while
 * the app downloads, rather than inside the app's start-up task, which would then block input
 * for that much longer.
 */
function warmUpIntl(): void {
  const locales = navigator.languages?.length ? [...navigator.languages] : ['it'];
  setTimeout(() => Intl.NumberFormat.supportedLocalesOf(locales), 0);
  setTimeout(() => Intl.DateTimeFormat.supportedLocalesOf(locales), 0);
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

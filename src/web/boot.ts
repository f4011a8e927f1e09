// The page's one script tag (index.html): the stylesheets, then the app (main.tsx). A page the
// server sent prerendered is already readable, so the app is fetched only once that content has
// been painted: its download and start-up never hold back the first paint. Any other page needs
// the app to show anything, and gets it at once.
import './styles/fonts.css';
import './styles/main.scss';

const start = () => void import('./main.tsx');

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

if (document.getElementById('root')?.dataset.prerendered) {
  // requestAnimationFrame runs just before the next paint, the timeout right after it.
  requestAnimationFrame(() =>
    setTimeout(() => {
      start();
      warmUpIntl();
    }, 0),
  );
} else {
  start();
}

// The page's one script tag (index.html): the stylesheets, then the app (main.tsx). A page the
// server sent prerendered is already readable, so the app is fetched only once that content has
// been painted: its download and start-up never hold back the first paint. Any other page needs
// the app to show anything, and gets it at once.
import './styles/fonts.css';
import './styles/main.scss';

const start = () => void import('./main.tsx');

if (document.getElementById('root')?.dataset.prerendered) {
  // requestAnimationFrame runs just before the next paint, the timeout right after it.
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}

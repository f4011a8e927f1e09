// Shown inside the shell while the first screen's code is downloading.
import { Spinner } from './Spinner.tsx';

export function PageFallback() {
  // A screen-tall placeholder keeps the footer below the fold until the screen arrives, so the
  // screen's content does not push a visible footer down (layout shift).
  return (
    <div className="app-page-fallback">
      <Spinner visible />
    </div>
  );
}

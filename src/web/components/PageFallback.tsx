// Shown inside the shell while the first screen's code is downloading.
import { Spinner } from './Spinner.tsx';

export function PageFallback() {
  return <Spinner visible />;
}

// Prerendering a signed-in page's frame (RouteHandle.frame): entry-server.tsx renders the page as
// the app's first render shows it before anyone is known, and AccessGuard lets that render through
// instead of the login notice. The markup is marked, so main.tsx renders over it rather than
// hydrating markup that the browser's own first render (the guard's decision, then the person's
// data) would not match.
import { createContext } from 'react';

/** True only inside the build's prerendering of frames. */
export const PrerenderFrameContext = createContext(false);

/** The attribute of the element that wraps a prerendered frame inside #root. */
export const FRAME_ATTRIBUTE = 'data-prerendered-frame';

/** Whether #root holds a prerendered frame (to be rendered over, not hydrated). */
export const holdsFrame = (container: Element): boolean => container.querySelector(`[${FRAME_ATTRIBUTE}]`) !== null;

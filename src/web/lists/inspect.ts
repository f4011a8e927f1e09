// Where the screens' own machines (a list's listQuery, a details page's details machine) report
// their inspection events. Absent in the app; the screen-level model runs (tests/web/model/) provide
// it to follow the running machine: its states and transitions, and any event it refused.
import { createContext } from 'react';
import type { InspectionEvent } from 'xstate';

export const ScreenInspectContext = createContext<((event: InspectionEvent) => void) | undefined>(undefined);

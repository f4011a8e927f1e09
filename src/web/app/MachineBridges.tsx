// Renders nothing: runs the hooks that connect the machines to each other, to the router, to
// storage and to the HTTP client. Must sit inside every machine provider.
import { useHttpBridge } from './bridges/useHttpBridge.ts';
import { useMachineEvents } from './bridges/useMachineEvents.ts';
import { useModalActions } from './bridges/useModalActions.ts';
import { useSessionSync } from './bridges/useSessionSync.ts';

export function MachineBridges() {
  useMachineEvents();
  useHttpBridge();
  useSessionSync();
  useModalActions();
  return null;
}

// Questions the screens ask of the loaded configuration, kept out of components so the rule is
// written once and tested on its own.
import type { ConfigResponse } from '#shared/api/master-data.ts';
import { STARTUP_SERVICE_TYPE_ID } from '#shared/constants.ts';

export type ConfigState = { status: 'loading'; config: null } | { status: 'ready'; config: ConfigResponse } | { status: 'error'; config: null };

/** Spec §2: the startup entry is disabled unless the configuration lists service type 1. */
export function isStartupServiceAvailable(config: ConfigResponse | null): boolean {
  return config?.typeOfServiceAnagList.some((type) => type.typeOfServiceId === STARTUP_SERVICE_TYPE_ID) ?? false;
}

// Every machine of the portal, with the words analysts read next to its diagram. The diagram script
// (scripts/diagrams.ts) and the tests walk this list. Each machine file exports its own
// `<name>MachineInfo`; registering a new machine is its import plus one entry in the list below.
import { activityPlaceMachineInfo } from './activity-place.ts';
import { authMachineInfo } from './auth.ts';
import { praticaActionMachineInfo } from './back-office/pratica-action.ts';
import { staffFormMachineInfo } from './back-office/staff-form.ts';
import { storageLimitMachineInfo } from './back-office/storage-limit.ts';
import { detailsMachineInfo } from './details.ts';
import { documentsMachineInfo } from './documents.ts';
import { downloadSizesMachineInfo } from './download-sizes.ts';
import { draftMachineInfo } from './draft.ts';
import { draftDeletionMachineInfo } from './draft-deletion.ts';
import { enrolmentMachineInfo } from './enrolment.ts';
import { idleMachineInfo } from './idle.ts';
import { identityFormMachineInfo } from './identity-form.ts';
import { legalRepCheckMachineInfo } from './legal-rep-check.ts';
import { listQueryMachineInfo } from './list-query.ts';
import { modalsMachineInfo } from './modals.ts';
import { municipalitySearchMachineInfo } from './municipality-search.ts';
import { officeSearchMachineInfo } from './office-search.ts';
import { pdfRecapMachineInfo } from './pdf-recap.ts';
import { pendingDraftMachineInfo } from './pending-draft.ts';
import { portalMachineInfo } from './portal.ts';
import { praticaMachineInfo } from './pratica.ts';
import { praticaWithdrawalMachineInfo } from './pratica-withdrawal.ts';
import { sessionMachineInfo } from './session.ts';
import { spinnerMachineInfo } from './spinner.ts';
import { startupMachineInfo } from './startup.ts';
import type { MachineInfo } from './support/machine-info.ts';

export const machineRegistry: readonly MachineInfo[] = [
  portalMachineInfo,
  authMachineInfo,
  sessionMachineInfo,
  idleMachineInfo,
  identityFormMachineInfo,
  modalsMachineInfo,
  spinnerMachineInfo,
  startupMachineInfo,
  enrolmentMachineInfo,
  draftMachineInfo,
  officeSearchMachineInfo,
  activityPlaceMachineInfo,
  municipalitySearchMachineInfo,
  legalRepCheckMachineInfo,
  documentsMachineInfo,
  listQueryMachineInfo,
  detailsMachineInfo,
  draftDeletionMachineInfo,
  pendingDraftMachineInfo,
  downloadSizesMachineInfo,
  pdfRecapMachineInfo,
  praticaWithdrawalMachineInfo,
  praticaActionMachineInfo,
  storageLimitMachineInfo,
  staffFormMachineInfo,
  praticaMachineInfo,
];

// Every msw handler of the mocked API, for the test server (tests/web/setup.ts) and, later, a
// browser worker. Add each area's handlers here.
import { auditLogHandlers } from './audit-log.ts';
import { authHandlers } from './auth.ts';
import { backOfficeHandlers } from './back-office.ts';
import { configHandlers } from './config.ts';
import { detailsAttachmentHandlers } from './details-attachments.ts';
import { legalRepHandlers } from './legal-representatives.ts';
import { masterDataHandlers } from './master-data.ts';
import { privateAreaHandlers } from './private-area.ts';
import { publicHandlers } from './public.ts';
import { requestWriteHandlers } from './requests.ts';
import { requirementHandlers } from './requirements.ts';
import { mockStore } from '../fixtures/back-office.ts';

export const handlers = [
  ...configHandlers,
  ...authHandlers,
  ...publicHandlers,
  ...privateAreaHandlers(),
  ...backOfficeHandlers(),
  ...auditLogHandlers(),
  ...masterDataHandlers,
  ...requirementHandlers,
  ...legalRepHandlers,
  ...requestWriteHandlers(mockStore),
  ...detailsAttachmentHandlers(),
];

// The clerk ("istruttore", profile 4; docs/architecture.md "The pratica's lifecycle") goes where a
// collaborator goes — the desk, a request's page, the back office's and the collaborators' help — and
// no further: staff management and the audit log are an administrator's. The header menu shows the
// same entries as a collaborator's.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { chiara, luca } from '#mocks/fixtures/identities.ts';
import { Role } from '#shared/constants.ts';
import { decideAccess, requirementFor } from '#web/routes/access.ts';
import { backOfficeMenu, visibleMenuItems } from '#web/routes/menu.ts';
import { Paths } from '#web/routes/paths.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';

beforeEach(() => {
  useListsMockApi();
});

describe("the clerk's role", () => {
  it("opens a collaborator's pages and help, and not an administrator's", () => {
    const allowed = (path: string) => decideAccess(requirementFor(path), chiara).kind;
    for (const path of [Paths.boRequests, '/back-office/requests/102', Paths.helpOnlineBackOffice, Paths.helpOnlineCollab]) {
      expect(allowed(path), path).toBe('allowed');
      expect(decideAccess(requirementFor(path), luca).kind, path).toBe('allowed');
    }
    for (const path of [Paths.boUsers, Paths.boUserCreate, Paths.boAuditLog, Paths.helpOnlineAdmin, Paths.privateArea]) {
      expect(allowed(path), path).toBe('forbidden');
    }
  });

  it("sees a collaborator's menu", () => {
    const labels = (profileId: 3 | 4) => visibleMenuItems(backOfficeMenu, profileId).map((item) => item.labelKey);
    expect(labels(Role.CLERK)).toEqual(['nav.bo-requests']);
    expect(labels(Role.CLERK)).toEqual(labels(Role.BO_COLLAB));
  });

  it('signs in to the desk and works a pratica of her office', async () => {
    storeSession('chiara');
    const { user } = renderApp('/back-office/requests/102');
    await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 102' }, SLOW);
    const actions = screen.getByRole('group', { name: 'Azioni sulla pratica' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Prendi in carico']);
    await user.click(screen.getByRole('link', { name: "Torna all'elenco delle richieste" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Richieste' }, SLOW)).toBeTruthy();
  });
});

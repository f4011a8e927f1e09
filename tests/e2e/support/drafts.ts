// A person's drafts, cleared before a journey that must start without one (the other suites of the
// run may have left some: the draft-found dialog would then open first).
import type { Page } from 'playwright-core';
import { accessToken, loginFromHeader } from './identity.ts';

/** Logs `person` in on a page of its own, deletes their drafts through the API, and closes the page. */
export async function withoutDrafts(page: Page, base: string, person: string): Promise<void> {
  await page.goto(base);
  await loginFromHeader(page, person);
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^${person}: `) })
    .waitFor();
  const token = await accessToken(page);
  await page.evaluate(async (bearer) => {
    const headers = { Authorization: `Bearer ${bearer}` };
    const { requestList } = await (await fetch('/api/suap/v1/request/list', { headers })).json();
    for (const request of requestList as Array<{ requestId: number; stateOfRequest: { stateOfRequestId: number } }>) {
      if (request.stateOfRequest.stateOfRequestId === 1) await fetch(`/api/suap/v1/request/${request.requestId}`, { method: 'DELETE', headers });
    }
  }, token);
  await page.context().close();
}

// The downloadSizes machine's model (tests/machines/models/citizen.model.ts) replayed on the service
// page's documents (docs/machines/README.md). The one event a person causes, LANGUAGE_CHANGED, is the header's
// language switch ("Lingua" → "English", "Language" → "Italiano"); the model offers the other
// language only (choosing the language already shown sends nothing). files.json's answers are
// released through an msw gate (the model's sizes, or a failure). No timers. After every step the
// running machine equals the model and each link says "PDF" with the size in the page's language,
// or "PDF" alone while loading and when the sizes could not be read, and points at the file in the
// page's language. The last test asserts 100% of the machine's states and transitions went by on
// screen, no refused event, none sent for want of a control.
// Judged here, not by `snapshot.can()`: the documents send LANGUAGE_CHANGED with the page's language
// when they mount (their effect runs once with the language they started in). The machine's guard
// (isOtherLanguage) deliberately ignores it, which `can()` counts as refused; those events, and only
// those (the language equal to the machine's), are left out of the refused check and counted.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent, SnapshotFrom } from 'xstate';
import { downloadSizesMachine, type DownloadSizes } from '#machines/download-sizes.ts';
import type { Language } from '#shared/constants.ts';
import { DOWNLOAD_IDS, DOWNLOADS_BASE, DOWNLOADS_INDEX, downloadHref, type DownloadsIndex } from '#shared/downloads.ts';
import { formatFileSize } from '#shared/file-size.ts';
import { downloadSizesModel } from '../../machines/models/citizen.model.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import { SLOW } from '../private-area/support.ts';
import { server } from '../msw-server.ts';
import { createLatestGates } from './latest-gate.ts';
import { describeScreenRun } from './screen-run.ts';

// Every actor a screen starts with useActorRef reports to the render's ScreenInspectContext; the
// downloadSizes actor's "same language" events are judged here (see above) before the observer sees them.
const judged = vi.hoisted(() => ({ sameLanguage: 0 }));
vi.mock('@xstate/react', async (original) => {
  const module = (await import('./inspect-actors.ts')).inspectingActors(await original<typeof import('@xstate/react')>());
  const { useContext } = await import('react');
  const { ScreenInspectContext } = await import('#web/lists/inspect.ts');
  const useActorRef = module.useActorRef as (logic: unknown, options?: Record<string, unknown>, observer?: unknown) => unknown;
  const judge = (inspect: (event: InspectionEvent) => void) => (event: InspectionEvent) => {
    if (event.type === '@xstate.event' && event.event.type === 'LANGUAGE_CHANGED') {
      const snapshot = (event.actorRef as AnyActorRef).getSnapshot() as AnyMachineSnapshot;
      if (snapshot.status === 'active' && snapshot.context.language === (event.event as unknown as { language: string }).language) {
        judged.sameLanguage += 1;
        return;
      }
    }
    inspect(event);
  };
  return {
    ...module,
    useActorRef: ((logic: { id?: string }, options?: Record<string, unknown>, observer?: unknown) => {
      const inspect = useContext(ScreenInspectContext);
      const judging = logic?.id === 'downloadSizes' && inspect && !options?.inspect;
      return useActorRef(logic, judging ? { ...options, inspect: judge(inspect) } : options, observer);
    }) as typeof module.useActorRef,
  };
});

type Snapshot = SnapshotFrom<typeof downloadSizesMachine>;

const other = (language: Language): Language => (language === 'it' ? 'en' : 'it');

const pageModel: ModelSpec<typeof downloadSizesMachine> = {
  ...downloadSizesModel,
  payloads: {
    ...downloadSizesModel.payloads,
    // The switch offers the language not shown.
    LANGUAGE_CHANGED: ({ context }: Snapshot) => [{ language: other(context.language) }],
  },
};

const gates = createLatestGates();

function gatedIndex() {
  return http.get(`${DOWNLOADS_BASE}/${DOWNLOADS_INDEX}`, async ({ request }) => {
    const language: Language = new URL(request.url).searchParams.get('lang') === 'en' ? 'en' : 'it';
    const reply = await gates.hold('loadSizes');
    if (!reply.ok) return HttpResponse.json({}, { status: 404 });
    const sizes = reply.output as DownloadSizes;
    const body: DownloadsIndex = {
      files: DOWNLOAD_IDS.map((id) => ({ id, href: downloadHref(id, language), bytes: sizes[id]!, contentType: 'application/pdf' })),
    };
    return HttpResponse.json(body);
  });
}

const HEADINGS: Record<Language, string> = { it: 'Servizio startup', en: 'Startup service' };
const SWITCH: Record<Language, { button: RegExp; option: string }> = {
  it: { button: /Lingua/, option: 'English' },
  en: { button: /Language/, option: 'Italiano' },
};

await describeScreenRun<typeof downloadSizesMachine>({
  title: 'downloadSizes model on the service page documents',
  model: pageModel,
  gates,
  setUp() {
    server.use(gatedIndex());
  },
  warmUp: { url: '/startup-service', ready: () => screen.findByRole('heading', { level: 1, name: HEADINGS.it }, { timeout: 60_000 }) },
  url: () => '/startup-service',
  ready: () => screen.findByRole('heading', { level: 1, name: HEADINGS.it }, SLOW),
  async send(event, { snapshot, app, ui, direct }) {
    if (event.type !== 'LANGUAGE_CHANGED') return direct(event);
    const from = snapshot().context.language;
    const banner = screen.getByRole('banner');
    await ui(async () => {
      await app.user.click(await within(banner).findByRole('button', { name: SWITCH[from].button }));
      await app.user.click(await screen.findByRole('option', { name: SWITCH[from].option }));
    });
    await screen.findByRole('heading', { level: 1, name: HEADINGS[event.language as Language] });
  },
  async check(step, { count }) {
    const state = step.state as Snapshot;
    const { language, sizes } = state.context;
    await screen.findByRole('heading', { level: 1, name: HEADINGS[language] });
    for (const id of DOWNLOAD_IDS) {
      const meta = screen.getByTestId(`download-size-${id}`);
      // The size in the page's language once known; "PDF" alone while loading or when unknown.
      const expected = state.matches('shown') ? `(PDF, ${formatFileSize(sizes[id]!, language)})` : '(PDF)';
      await waitFor(() => expect(meta.textContent).toBe(expected));
      expect(meta.closest('a')?.getAttribute('href')).toBe(downloadHref(id, language));
    }
    if (state.matches('shown')) count('sizesShown');
  },
  finally(tally) {
    expect(tally.sizesShown, 'sizes were shown').toBeGreaterThan(0);
    console.log(`downloadSizes: ${judged.sameLanguage} LANGUAGE_CHANGED with the machine's own language judged deliberate (not refused)`);
  },
});

// Pure rules behind the private area and the lists: which date a state shows (spec §4), the cards'
// order and pages (newest first, three per page), the details id in the URL, the PDF file name
// from Content-Disposition, and the table widths of spec §9.
import { describe, expect, it } from 'vitest';
import { demoRequests } from '#mocks/fixtures/back-office.ts';
import { fileNameOf } from '#web/lists/pdf.ts';
import { decide, startPratica, type PersistedPratica, type PraticaCommand } from '#machines/pratica/decide.ts';
import { PraticaRole, PraticaState, REGIME_DEFAULTS, type Regime } from '#shared/pratica.ts';
import { isConcluded, isDraft, requestDate, stateClass } from '#web/lists/request/rules.ts';
import { columnWidths, TABLE_MIN_COLUMN_WIDTH_PX } from '#web/lists/table-layout.ts';
import { cardsHideDeletedOf, cardsPage, cardsSearchOf, newestFirst, requestIdOf } from '#web/screens/private-area/cards.ts';

const byId = (id: number) => demoRequests().find((request) => request.requestId === id)!;

describe('request state rules', () => {
  it('shows updated on for drafts, done on for accepted and rejected, nothing for sent and deleted', () => {
    expect(requestDate(byId(101))).toEqual({ labelKey: 'pa.card.updated-on', date: byId(101).updatedOn });
    expect(requestDate(byId(103))).toEqual({ labelKey: 'pa.card.done-on', date: byId(103).doneOn });
    expect(requestDate(byId(104))?.labelKey).toBe('pa.card.done-on');
    expect(requestDate(byId(102))).toBeNull();
    expect(requestDate(byId(105))).toBeNull();
  });

  it("gives each state its family's colour class and only drafts the draft actions", () => {
    expect([1, 2, 3, 4, 5].map(stateClass)).toEqual([
      'app-state-draft',
      'app-state-deleted',
      'app-state-open',
      'app-state-ended-well',
      'app-state-ended-badly',
    ]);
    expect(
      demoRequests()
        .filter(isDraft)
        .map((request) => request.requestId),
    ).toEqual([101, 106, 202]);
  });
});

describe('the pratica’s dates on a card', () => {
  const admin = { role: PraticaRole.BO_ADMIN, userId: 3 } as const;
  const applicant = { role: PraticaRole.APPLICANT, userId: 1 } as const;
  const clock = { role: 'clock', userId: null } as const;
  /** Mario's request 102 received as `regime` on 2 March 2026 (a Monday), then moved by `moves`. */
  function moved(regime: Regime, ...moves: Array<[PraticaCommand, typeof admin | typeof applicant | typeof clock]>) {
    let stored: PersistedPratica = startPratica({ regime, times: REGIME_DEFAULTS[regime], applicantId: 1, officeId: 11 });
    for (const [command, actor] of [[{ type: 'SEND', at: '2026-03-02T09:00:00Z' }, applicant] as const, ...moves]) {
      const decision = decide(stored, command, actor);
      if (!decision.ok) throw new Error(decision.reason);
      stored = decision.next;
    }
    return { ...byId(102), stateOfRequest: { ...byId(102).stateOfRequest, stateOfRequestId: stored.state }, pratica: stored.context, doneOn: null };
  }

  it('asks for the integration answer by its due day, and dates a correction request from the day the term stopped', () => {
    const integration = moved('AUTORIZZAZIONE', [{ type: 'REQUEST_INTEGRATION', at: '2026-03-05T10:00:00Z', note: 'La planimetria.' }, admin]);
    expect(integration.stateOfRequest.stateOfRequestId).toBe(PraticaState.INTEGRATION_REQUESTED);
    // 15 days from Thursday 5 March: Friday 20 March.
    expect(requestDate(integration)).toEqual({ labelKey: 'pratica.card.answer-by', date: '2026-03-20' });
    const correction = moved('SCIA', [{ type: 'REQUEST_CORRECTION', at: '2026-03-04T10:00:00Z', note: 'Manca la firma.' }, admin]);
    expect(requestDate(correction)).toEqual({ labelKey: 'pratica.card.asked-on', date: '2026-03-04' });
  });

  it('shows no date while the pratica is on the office’s desk, as spec §4 says of a sent request', () => {
    const answered = moved(
      'SCIA',
      [{ type: 'REQUEST_CORRECTION', at: '2026-03-04T10:00:00Z', note: 'Manca la firma.' }, admin],
      [{ type: 'RECORD_ANSWER', at: '2026-03-06T10:00:00Z', note: 'Ricevuta via PEC.' }, admin],
    );
    expect(answered.stateOfRequest.stateOfRequestId).toBe(PraticaState.CORRECTED);
    expect(isConcluded(answered)).toBe(false);
    expect(requestDate(answered)).toBeNull();
  });

  it('dates an end by time the day after the due day, and a withdrawal as withdrawn', () => {
    // SILENZIO-ASSENSO: 30 days from Monday 2 March end on Wednesday 1 April; silence consents the day after.
    const consented = moved('SILENZIO-ASSENSO', [{ type: 'CLOCK_TERM_ELAPSED', at: '2026-04-03T02:00:00Z' }, clock]);
    expect(consented.stateOfRequest.stateOfRequestId).toBe(PraticaState.TIME_EXPIRED);
    expect(requestDate({ ...consented, doneOn: '2026-04-03T02:00:00.000Z' })).toEqual({ labelKey: 'pa.card.done-on', date: '2026-04-02' });
    const withdrawn = moved('SCIA', [{ type: 'WITHDRAW', at: '2026-03-09T08:00:00Z' }, applicant]);
    expect(requestDate(withdrawn)).toEqual({ labelKey: 'pratica.card.withdrawn-on', date: '2026-03-09' });
    expect(requestDate({ ...withdrawn, doneOn: '2026-03-09T08:00:00.000Z' })).toEqual({
      labelKey: 'pratica.card.withdrawn-on',
      date: '2026-03-09T08:00:00.000Z',
    });
  });
});

describe('request cards', () => {
  const mine = demoRequests().filter((request) => request.user.userId === 1);

  it('orders by the latest change, newest first', () => {
    expect(newestFirst(mine).map((request) => request.requestId)).toEqual([101, 102, 106, 107, 103, 104, 105]);
  });

  it('pages three at a time', () => {
    expect(cardsPage(mine, { page: 3, size: 3 })).toMatchObject({ totalResults: 7, totalPages: 3 });
    expect(cardsPage(mine, { page: 3, size: 3 }).items.map((request) => request.requestId)).toEqual([105]);
    expect(cardsPage([], { page: 1, size: 3 })).toEqual({ items: [], totalResults: 0, totalPages: 0, counts: { requests: 0, deleted: 0 } });
  });

  it('hides deleted drafts on request, and never counts them among the requests', () => {
    const all = cardsPage(mine, { page: 1, size: 3, filters: {} });
    expect(all).toMatchObject({ totalResults: 7, totalPages: 3, counts: { requests: 6, deleted: 1 } });
    const hidden = cardsPage(mine, { page: 3, size: 3, filters: { deleted: 'hide' } });
    expect(hidden).toMatchObject({ totalResults: 6, totalPages: 2, counts: { requests: 6, deleted: 1 } });
    expect(cardsPage(mine, { page: 2, size: 3, filters: { deleted: 'hide' } }).items.map((request) => request.requestId)).not.toContain(105);
    expect(cardsSearchOf(2, '?lang=en&deleted=hide', true)).toBe('?lang=en&page=2&deleted=hide');
    expect(cardsSearchOf(1, '?deleted=hide', false)).toBe('');
    expect(cardsHideDeletedOf('?deleted=hide')).toBe(true);
    expect(cardsHideDeletedOf('?deleted=yes')).toBe(false);
  });

  it('reads the request id of the details URL, refusing anything else', () => {
    expect(requestIdOf('?requestId=42')).toBe(42);
    for (const search of ['', '?requestId=', '?requestId=0', '?requestId=-1', '?requestId=4.2', '?requestId=abc', '?requestId=99999999999']) {
      expect(requestIdOf(search), search).toBeNull();
    }
  });
});

describe('PDF file name', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback; never a path', () => {
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''riepilogo%20n%C2%B0%207.pdf`, 'x.pdf')).toBe('riepilogo n° 7.pdf');
    expect(fileNameOf('attachment; filename="riepilogo-7.pdf"', 'x.pdf')).toBe('riepilogo-7.pdf');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x.pdf')).toBe('.._.._etc_passwd');
    expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A.pdf", 'x.pdf')).toBe('x.pdf');
  });
});

describe('table layout (spec §9)', () => {
  it('gives wide columns 1.3 times the average width and keeps 260 px per column on small screens', () => {
    const widths = columnWidths(7, 2);
    expect(widths.wide).toBeCloseTo((100 / 7) * 1.3, 1);
    expect(widths.wide * 2 + widths.normal * 5).toBeCloseTo(100, 1);
    expect(widths.minTableWidthPx).toBe(7 * TABLE_MIN_COLUMN_WIDTH_PX);
    expect(columnWidths(4, 0)).toEqual({ wide: 25, normal: 25, minTableWidthPx: 1040 });
    expect(columnWidths(2, 2)).toMatchObject({ wide: 50, normal: 50 });
  });
});

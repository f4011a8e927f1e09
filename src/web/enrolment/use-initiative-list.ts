// The initiative list of one initiative type (spec §2 select-initiative, §7 iniziative/list): one
// page of 5, sorted by activity in the current language, optionally filtered. No machine holds it:
// it is a plain paged read, reloaded whenever the type, the filter, the page or the language
// changes; an answer for an older query is dropped. A failure gives an empty list with the spec's
// 999 "Generic Error" status (spec §8), never a broken page.
import { useEffect, useState } from 'react';
import type { Language } from '#shared/constants.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import type { Initiative } from '#shared/domain.ts';
import type { Status } from '#shared/envelope.ts';
import { loadInitiativePage, type InitiativesQuery } from '../actors/enrolment.ts';

export interface InitiativeListState {
  loading: boolean;
  items: readonly Initiative[];
  totalPages: number;
  totalResults: number;
  status: Status | null;
}

const EMPTY: InitiativeListState = { loading: true, items: [], totalPages: 0, totalResults: 0, status: null };

export function useInitiativeList(query: InitiativesQuery): InitiativeListState {
  const [state, setState] = useState<InitiativeListState>(EMPTY);
  const { typeId, filter, page, language } = query;
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true }));
    loadInitiativePage({ typeId, filter, page, language: language as Language }, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setState(
          answer?.code === 200
            ? { loading: false, items: answer.iniziativeList, totalPages: answer.totalPages, totalResults: answer.totalResults, status: null }
            : { ...EMPTY, loading: false, status: { ...GENERIC_ERROR } },
        );
      },
      () => {
        if (!controller.signal.aborted) setState({ ...EMPTY, loading: false, status: { ...GENERIC_ERROR } });
      },
    );
    return () => controller.abort();
  }, [typeId, filter, page, language]);
  return state;
}

// The initiative part of the select-initiative step (spec §2): a tab per initiative type of the
// configuration (typeIniziativeList), each with a search bar (min 3), a page of 5 initiatives sorted
// by activity in the current language, a paginator and, when empty, the "no data" card. While a
// page or search loads, the last answer is not offered (it was for another query).
import { useState } from 'react';
import { Button, Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { INITIATIVE_SEARCH_RULES } from '#shared/validation/search-bar.ts';
import { FIRST_PAGE } from '#shared/constants.ts';
import type { Initiative, TypeInitiative } from '#shared/domain.ts';
import { useInitiativeList } from '../../enrolment/use-initiative-list.ts';
import { localized } from '../../enrolment/views.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { NoDataCard } from './NoDataCard.tsx';
import { Paginator } from '../../lists/Paginator.tsx';
import { SearchBar } from '../../lists/SearchBar.tsx';
import { useFocusAfterPaging } from '../../lists/use-focus-after-paging.ts';
import { useFocusWhenChosen } from './use-focus-when-chosen.ts';

interface Props {
  types: readonly TypeInitiative[];
  selected: Initiative | null;
  onChoose: (iniziative: Initiative) => void;
  isDisabled: boolean;
}

interface TabQuery {
  filter: string | null;
  page: number;
}

export function InitiativePanel({ types, selected, onChoose, isDisabled }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const firstType = types.find((type) => type.typeIniziativeId === selected?.typeIniziativeId) ?? types[0];
  const [tab, setTab] = useState<Key | null>(firstType?.typeIniziativeId ?? null);
  // Each tab keeps its own search and page while the user looks at another one.
  const [queries, setQueries] = useState<Record<string, TabQuery>>({});
  const queryOf = (typeId: number) => queries[typeId] ?? { filter: null, page: FIRST_PAGE };
  const setQuery = (typeId: number, query: TabQuery) => setQueries((current) => ({ ...current, [typeId]: query }));

  return (
    <section className="app-iniziative" aria-labelledby="iniziative-title">
      <h2 id="iniziative-title" className="h4">
        {t('ep.select-initiative.initiative-title')}
      </h2>
      {types.length > 0 && (
        <Tabs selectedKey={tab ?? types[0]!.typeIniziativeId} onSelectionChange={setTab} className="app-tabs">
          <TabList aria-label={t('ep.select-initiative.initiative-types')} className="nav nav-tabs app-tab-list">
            {types.map((type) => (
              <Tab key={type.typeIniziativeId} id={type.typeIniziativeId} className="nav-item nav-link app-tab">
                {localized(type, 'description', language)}
              </Tab>
            ))}
          </TabList>
          {types.map((type) => (
            <TabPanel key={type.typeIniziativeId} id={type.typeIniziativeId} className="app-tab-panel">
              <InitiativeList
                typeId={type.typeIniziativeId}
                query={queryOf(type.typeIniziativeId)}
                onQuery={(query) => setQuery(type.typeIniziativeId, query)}
                selected={selected}
                onChoose={onChoose}
                isDisabled={isDisabled}
              />
            </TabPanel>
          ))}
        </Tabs>
      )}
    </section>
  );
}

interface ListProps {
  typeId: number;
  query: TabQuery;
  onQuery: (query: TabQuery) => void;
  selected: Initiative | null;
  onChoose: (iniziative: Initiative) => void;
  isDisabled: boolean;
}

function InitiativeList({ typeId, query, onQuery, selected, onChoose, isDisabled }: ListProps) {
  const t = useT();
  const { language } = useLanguage();
  const list = useInitiativeList({ typeId, filter: query.filter, page: query.page, language });
  const focusList = useFocusAfterPaging<HTMLUListElement>(list.items, list.loading);
  return (
    <>
      <SearchBar
        label={t('ep.select-initiative.initiative-search')}
        initial={query.filter}
        rules={INITIATIVE_SEARCH_RULES}
        onSearch={(filter) => onQuery({ filter, page: FIRST_PAGE })}
        isDisabled={isDisabled}
      />
      {list.status && (
        <div className="callout danger" role="alert">
          <div className="callout-title">{t('retrieve-error.title')}</div>
          <p>{t('retrieve-error.description')}</p>
        </div>
      )}
      {list.loading ? (
        <p className="app-search-hint">{t('ep.select-initiative.loading-initiatives')}</p>
      ) : list.items.length === 0 ? (
        <NoDataCard messageKey="ep.select-initiative.startup.no-data.initiative" />
      ) : (
        <ul ref={focusList.ref} tabIndex={-1} className="app-iniziative-list" aria-label={t('ep.select-initiative.initiatives-list')}>
          {list.items.map((item) => (
            <InitiativeItem
              key={item.iniziativeId}
              item={item}
              chosen={selected?.iniziativeId === item.iniziativeId}
              onChoose={onChoose}
              isDisabled={isDisabled}
            />
          ))}
        </ul>
      )}
      <Paginator
        label={t('ep.select-initiative.initiatives-pages')}
        page={query.page}
        totalPages={list.totalPages}
        onPage={(page) => {
          focusList.paged();
          onQuery({ ...query, page });
        }}
        isDisabled={isDisabled || list.loading}
      />
    </>
  );
}

function InitiativeItem({
  item,
  chosen,
  onChoose,
  isDisabled,
}: {
  item: Initiative;
  chosen: boolean;
  onChoose: (iniziative: Initiative) => void;
  isDisabled: boolean;
}) {
  const t = useT();
  const { language } = useLanguage();
  const text = (field: string) => localized(item, field, language);
  const titleId = `iniziative-${item.iniziativeId}-title`;
  const focus = useFocusWhenChosen<HTMLParagraphElement>(chosen);
  return (
    <li className={`app-iniziative-item${chosen ? ' app-choice-selected' : ''}`} data-selected={chosen || undefined}>
      <div className="app-iniziative-text">
        <h3 id={titleId} className="h6">
          {text('activity')}
        </h3>
        <p className="app-card-detail">
          {item.code} · {text('area')}
        </p>
        <p>{text('description')}</p>
      </div>
      {chosen ? (
        <p className="app-chosen" ref={focus.mark} tabIndex={-1} aria-describedby={titleId}>
          <strong>{t('ep.select-initiative.chosen')}</strong>
        </p>
      ) : (
        <Button
          className="btn btn-outline-primary btn-sm"
          isDisabled={isDisabled}
          aria-describedby={titleId}
          onPress={() => {
            focus.pressed();
            onChoose(item);
          }}
        >
          {t('ep.select-initiative.choose')}
        </Button>
      )}
    </li>
  );
}

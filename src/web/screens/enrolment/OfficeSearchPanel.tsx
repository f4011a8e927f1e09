// The office part of the select-initiative step: the office search machine's form (free search or
// by region, province and municipality) and its page of offices (spec §2, §4 "Search form"). The
// screen only shows the machine's state and sends its events; choosing an office is the page's.
// While offices load the machine offers none (the last answer was for another search), and a text
// search's card names the municipalities that matched it.
import { Button } from 'react-aria-components';
import { selectHasAskedForOffices, selectShowsNoOffices } from '#machines/office-search.ts';
import { OFFICE_SEARCH_RULES } from '#shared/validation/search-bar.ts';
import { isOfficeWithoutPec } from '#machines/enrolment/steps.ts';
import type { SuapListItem } from '#shared/api/master-data.ts';
import type { Suap } from '#shared/domain.ts';
import { RadioChoice } from '../../components/form/RadioChoice.tsx';
import { OfficeSearchActor } from '../../enrolment/machines.ts';
import { localized } from '../../enrolment/views.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { AreaSelect } from './AreaSelect.tsx';
import { NoDataCard } from './NoDataCard.tsx';
import { useFocusWhenChosen } from './use-focus-when-chosen.ts';
import { Paginator } from '../../lists/Paginator.tsx';
import { SearchBar } from '../../lists/SearchBar.tsx';
import { useFocusAfterPaging } from '../../lists/use-focus-after-paging.ts';

interface Props {
  selected: Suap | null;
  onChoose: (suap: Suap, municipalityId: number | null, openerId: string) => void;
  /** Show the address form's errors (continue pressed without an office). */
  forceErrors: boolean;
  isDisabled: boolean;
}

export function OfficeSearchPanel({ selected, onChoose, forceErrors, isDisabled }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const search = OfficeSearchActor.useActorRef();
  const context = OfficeSearchActor.useSelector((snapshot) => snapshot.context);
  const noOffices = OfficeSearchActor.useSelector(selectShowsNoOffices);
  const area = context.typeResearch === 'area';
  const failed = Object.values(context.status).some((status) => status !== null);
  const name = (item: Record<string, unknown>) => localized(item, 'name', language);
  const asked = OfficeSearchActor.useSelector(selectHasAskedForOffices);
  const list = useFocusAfterPaging<HTMLUListElement>(context.offices.items, context.loading.offices);

  return (
    <section className="app-office-search" aria-labelledby="office-search-title">
      <h2 id="office-search-title" className="h4">
        {t('ep.select-initiative.office-title')}
      </h2>
      <RadioChoice
        name="typeResearch"
        label={t('ep.select-initiative.type-research')}
        value={context.typeResearch}
        onChange={(value) => search.send({ type: 'SET_TYPE', typeResearch: value === 'area' ? 'area' : 'free' })}
        isRequired
        options={[
          { value: 'free', label: t('ep.select-initiative.free-search') },
          { value: 'area', label: t('ep.select-initiative.area-search') },
        ]}
      />
      {area ? (
        <div className="row app-area-form">
          <div className="col-12 col-md-4">
            <AreaSelect
              name="region"
              label={t('ep.area.region')}
              options={context.regions.map((region) => ({ id: region.regionId, name: name(region) }))}
              value={context.regionId}
              onChange={(regionId) => search.send({ type: 'SELECT_REGION', regionId })}
              isDisabled={isDisabled}
              isLoading={context.loading.regions}
              forceErrors={forceErrors}
            />
          </div>
          <div className="col-12 col-md-4">
            <AreaSelect
              name="province"
              label={t('ep.area.province')}
              options={context.provinces.map((province) => ({ id: province.provinceId, name: name(province) }))}
              value={context.provinceId}
              onChange={(provinceId) => search.send({ type: 'SELECT_PROVINCE', provinceId })}
              isDisabled={isDisabled || !context.enabled.province}
              isLoading={context.loading.provinces}
              forceErrors={forceErrors}
            />
          </div>
          <div className="col-12 col-md-4">
            <AreaSelect
              name="municipality"
              label={t('ep.area.municipality')}
              options={context.municipalities.map((municipality) => ({ id: municipality.municipalityId, name: name(municipality) }))}
              value={context.municipalityId}
              onChange={(municipalityId) => search.send({ type: 'SELECT_MUNICIPALITY', municipalityId })}
              isDisabled={isDisabled || !context.enabled.municipality}
              isLoading={context.loading.municipalities}
              forceErrors={forceErrors}
            />
          </div>
        </div>
      ) : (
        <SearchBar
          label={t('ep.select-initiative.office-search')}
          initial={context.filter}
          rules={OFFICE_SEARCH_RULES}
          onSearch={(filter) => search.send({ type: 'SEARCH', filter })}
          isDisabled={isDisabled}
        />
      )}
      <div className="app-search-tools">
        <Button className="btn btn-link px-0" isDisabled={isDisabled} onPress={() => search.send({ type: 'CLEAR' })}>
          {t('ep.select-initiative.clear-filters')}
        </Button>
      </div>
      {failed && (
        <div className="callout danger" role="alert">
          <div className="callout-title">{t('retrieve-error.title')}</div>
          <p>{t('retrieve-error.description')}</p>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {!asked
          ? ''
          : context.loading.offices
            ? t('ep.select-initiative.loading-offices')
            : t('ep.select-initiative.offices-count', { count: context.offices.totalResults })}
      </p>
      {!asked ? (
        <p className="app-search-hint">{t(area ? 'ep.select-initiative.area-hint' : 'ep.select-initiative.search-hint')}</p>
      ) : noOffices ? (
        <NoDataCard messageKey="ep.select-initiative.startup.no-data.suap" />
      ) : context.loading.offices ? (
        <p className="app-search-hint">{t('ep.select-initiative.loading-offices')}</p>
      ) : (
        <ul ref={list.ref} tabIndex={-1} className="app-card-grid" aria-label={t('ep.select-initiative.offices-list')}>
          {context.offices.items.map((suap) => (
            <OfficeCard
              key={suap.suapId}
              suap={suap}
              selected={selected?.suapId === suap.suapId}
              isDisabled={isDisabled}
              onChoose={(openerId) => onChoose(officeOf(suap), area ? context.municipalityId : null, openerId)}
            />
          ))}
        </ul>
      )}
      {asked && (
        <Paginator
          label={t('ep.select-initiative.offices-pages')}
          page={context.offices.page}
          totalPages={context.offices.totalPages}
          onPage={(page) => {
            list.paged();
            search.send({ type: 'PAGE', page });
          }}
          isDisabled={isDisabled || context.loading.offices}
        />
      )}
    </section>
  );
}

/** The office as a draft keeps it: without what the search matched. */
function officeOf({ matchedMunicipalities: _matched, matchedMunicipalityCount: _count, ...suap }: SuapListItem): Suap {
  return suap;
}

interface CardProps {
  suap: SuapListItem;
  selected: boolean;
  isDisabled: boolean;
  onChoose: (openerId: string) => void;
}

function OfficeCard({ suap, selected, isDisabled, onChoose }: CardProps) {
  const t = useT();
  const { language } = useLanguage();
  const matched = suap.matchedMunicipalities ?? [];
  const focus = useFocusWhenChosen<HTMLParagraphElement>(selected);
  const buttonId = `choose-suap-${suap.suapId}`;
  const titleId = `suap-${suap.suapId}-name`;
  // An office without a PEC address receives no request (the administration has not configured it).
  const receives = !isOfficeWithoutPec({ suap });
  return (
    <li className={`card card-bg app-choice-card${selected ? ' app-choice-selected' : ''}`} data-selected={selected || undefined}>
      <div className="card-body">
        <h3 id={titleId} className="card-title h6">
          {suap.name}
        </h3>
        {matched.length > 0 && (
          <p className="card-text app-card-detail app-matched-places">
            {t('ep.select-initiative.matched-places', {
              count: matched.length,
              names: matched.map((place) => localized(place, 'name', language)).join(', '),
              more: (suap.matchedMunicipalityCount ?? matched.length) - matched.length,
            })}
          </p>
        )}
        {suap.pec && <p className="card-text app-card-detail">{t('ep.select-initiative.pec', { pec: suap.pec })}</p>}
        {suap.type === 'EXT' && <p className="card-text app-card-detail app-external-note">{t('ep.select-initiative.external-office')}</p>}
        {!receives && <p className="card-text app-card-detail app-external-note">{t('ep.select-initiative.no-pec')}</p>}
        {selected ? (
          <p className="app-chosen" ref={focus.mark} tabIndex={-1} aria-describedby={titleId}>
            <strong>{t('ep.select-initiative.chosen')}</strong>
          </p>
        ) : !receives ? null : (
          <Button
            id={buttonId}
            className="btn btn-outline-primary btn-sm"
            isDisabled={isDisabled}
            aria-describedby={titleId}
            onPress={() => {
              focus.pressed();
              onChoose(buttonId);
            }}
          >
            {t('ep.select-initiative.choose')}
          </Button>
        )}
      </div>
    </li>
  );
}

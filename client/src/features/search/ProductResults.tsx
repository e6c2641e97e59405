import { useQuery } from '@apollo/client/react';
import { CardPrice } from '../../components/Price';
import { ShipDate, WarehouseStock } from '../../components/ShipDate';
import { StockLine } from '../../components/StockLine';
import { productPath } from '@domain/routes';
import {
  activeFilterCount,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
  parseSearchParams,
  searchParamsOf,
  type SearchPageState,
  type SearchSort,
} from '@domain/search';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Skeleton } from '../../components/Skeleton';
import {
  ProductPricesDocument,
  SearchProductsDocument,
  type ProductPricesQuery,
  type SearchAnswerFieldsFragment,
} from './graphql/search.generated';
import { useCatalogLang, useT, useTextLang } from '../../i18n';
import { useTrackView } from '../../lib/analytics';
import { recordSearchClick } from '../../lib/attribution';

/**
 * Products of a search or of a category, with facets, sort and pages; all state lives in the URL, so a link
 * reproduces the page. `fixedCategory` pins the category (category pages) and hides its own facet.
 */
export function ProductResults({
  fixedCategory,
  categoryNames,
}: {
  fixedCategory?: string;
  /** The fixed category's breadcrumb names, for the click-stream's pageCategories. */
  categoryNames?: string[];
}) {
  const t = useT();
  const catalogLang = useCatalogLang();
  const textLang = useTextLang();
  const [params, setParams] = useSearchParams();
  const state = parseSearchParams(params);
  const category = fixedCategory ?? state.category;
  const { data, previousData, loading, error } = useQuery(SearchProductsDocument, {
    variables: {
      query: state.q,
      filters: { brands: state.brands, category, attributes: state.attributes, includeWithoutPrice: true },
      sort: state.sort.toUpperCase() as Uppercase<SearchSort>,
      page: state.page,
      pageSize: SEARCH_PAGE_SIZE,
    },
    skip: !state.q.trim() && !category,
  });
  const answer = (data ?? previousData)?.search;
  // Prices come from the refresh-details call (customer prices once signed in), not from the search index.
  const ids = answer?.results.map((p) => p.id) ?? [];
  const prices = useQuery(ProductPricesDocument, { variables: { ids }, skip: ids.length === 0 });
  const termsOf = new Map((prices.data?.productRefreshDetails ?? []).map((p) => [p.id, p]));
  // A search, or a category's products (a category without products is not reported).
  useTrackView(
    answer ? `${fixedCategory ?? ''}|${params.toString()}` : '',
    !answer || loading
      ? null
      : fixedCategory
        ? {
            type: 'category-view',
            categories: categoryNames ?? [],
            items: answer.results.map((p) => ({ id: p.id, name: p.name })),
          }
        : {
            type: 'search',
            query: state.q,
            attributionToken: answer.searchParams.searchAttributionToken,
            items: answer.results.map((p) => ({ id: p.id, name: p.name })),
          },
  );

  const update = (change: Partial<SearchPageState>) => {
    const next = { ...state, page: 1, ...change };
    setParams(new URLSearchParams(searchParamsOf(next)));
  };

  if (error) return <p role="alert">{t('search.failure')}</p>;
  if (!answer) return loading ? <Skeleton rows={4} /> : null;

  const pages = Math.max(1, Math.ceil(answer.total / SEARCH_PAGE_SIZE));
  const filters = activeFilterCount(state, !!fixedCategory);
  const facets = <Facets answer={answer} state={state} update={update} hideCategory={!!fixedCategory} />;
  return (
    <div className="results">
      <div className="results__side">{facets}</div>
      <section aria-busy={loading} aria-label={t('search.products')}>
        {answer.correctedQuery && (
          <p className="corrected-banner" role="status">
            {t('search.showingResultsFor')} <strong>{answer.correctedQuery}</strong>
          </p>
        )}
        <div className="results__bar">
          {(filters > 0 ||
            answer.availableNavigation.some((n) => !fixedCategory || n.displayName !== 'CATEGORY')) && (
            <FiltersDrawer active={filters} total={loading ? null : answer.total} exact={answer.exactCounts}>
              {facets}
            </FiltersDrawer>
          )}
          <p className="results__count" role="status">
            {answer.exactCounts
              ? t('search.results', { count: answer.total })
              : t('search.resultsAtLeast', { count: answer.total })}
          </p>
          <label>
            {t('search.sort')}{' '}
            <select value={state.sort} onChange={(e) => update({ sort: e.target.value as SearchSort })}>
              {SEARCH_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`search.sort.${s}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {answer.results.length === 0 ? (
          <div>
            <h2>{t('search.noMatchTitle')}</h2>
            <p>{t('search.noMatchText')}</p>
          </div>
        ) : (
          <ul className="tile-grid">
            {answer.results.map((p, i) => (
              <li key={p.id}>
                <Link
                  className="tile"
                  to={productPath(p.id)}
                  onClick={() =>
                    recordSearchClick({
                      token: answer.searchParams.searchAttributionToken,
                      productId: p.id,
                      position: (state.page - 1) * SEARCH_PAGE_SIZE + i,
                      query: state.q,
                    })
                  }
                >
                  <img
                    src={p.image ?? '/images/placeholder.jpg'}
                    alt=""
                    width={200}
                    height={200}
                    loading="lazy"
                  />
                  <span className="tile__name" lang={catalogLang}>
                    {p.name}
                  </span>
                  <span className="tile__id">{p.id}</span>
                  <span className="tile__text" lang={textLang(p.descriptionLang)}>
                    {p.description}
                  </span>
                  <span className="tile__price">
                    {termsOf.has(p.id) ? <CardPrice terms={termsOf.get(p.id)!} /> : ' '}
                  </span>
                  {termsOf.has(p.id) && <CardStock terms={termsOf.get(p.id)!} />}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav className="pager" aria-label={t('search.pagination')}>
            <button
              type="button"
              className="btn btn--outline-primary"
              disabled={state.page <= 1}
              onClick={() => update({ page: state.page - 1 })}
            >
              {t('search.previous')}
            </button>
            <span>{t('search.pageOf', { page: state.page, pages })}</span>
            <button
              type="button"
              className="btn btn--outline-primary"
              disabled={state.page >= pages}
              onClick={() => update({ page: state.page + 1 })}
            >
              {t('search.next')}
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}

/**
 * A card's stock (decision 050): "Available to Order", when one piece ships (to the buyer's clock, nearest warehouse
 * first for an unknown address) and the warehouses holding it.
 */
function CardStock({ terms }: { terms: ProductPricesQuery['productRefreshDetails'][number] }) {
  return (
    <>
      <StockLine orderable={terms.orderable} as="span" />
      {terms.orderable && <ShipDate stock={terms.stock} quantity={1} card />}
      <WarehouseStock stock={terms.stock} card />
    </>
  );
}

/**
 * On a phone the products come first: the filters open from a button ("Filters (2)") as a modal drawer, which
 * keeps the focus inside, closes with Escape, its close button, a tap beside it or "Show N products", and gives
 * the focus back to the button. Its facets are rendered only while it is open (the side column holds them on a
 * wide screen, where the button is hidden).
 */
function FiltersDrawer({
  active,
  total,
  exact,
  children,
}: {
  active: number;
  /** The count of the products the filters leave; none while it is being counted. */
  total: number | null;
  /** Whether `total` counts them all (false: "1,000+"). */
  exact: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  return (
    <>
      <button
        type="button"
        className="btn btn--outline-primary results__filters"
        aria-haspopup="dialog"
        onClick={show}
      >
        {t('search.filtersButton', { count: active })}
      </button>
      <dialog
        ref={dialog}
        className="filters-drawer"
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        // A tap on the backdrop lands on the dialog itself, never on its content.
        onClick={(e) => e.target === e.currentTarget && close()}
      >
        <div className="filters-drawer__body">
          <div className="filters-drawer__head">
            <h2 id={titleId}>{t('search.filters')}</h2>
            <button
              type="button"
              className="filters-drawer__close"
              aria-label={t('search.closeFilters')}
              onClick={close}
            >
              ×
            </button>
          </div>
          {open && children}
          <div className="filters-drawer__foot">
            <button type="button" className="btn btn--primary" aria-busy={total === null} onClick={close}>
              {total === null
                ? t('search.showProductsPending')
                : exact
                  ? t('search.showProducts', { count: total })
                  : t('search.showProductsAtLeast', { count: total })}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}

function Facets({
  answer,
  state,
  update,
  hideCategory,
}: {
  answer: SearchAnswerFieldsFragment;
  state: SearchPageState;
  update: (change: Partial<SearchPageState>) => void;
  hideCategory: boolean;
}) {
  const t = useT();
  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  const filtered = activeFilterCount(state, hideCategory) > 0;
  return (
    <aside className="facets" aria-label={t('search.filters')}>
      {filtered && (
        <button
          type="button"
          className="link-button"
          onClick={() =>
            update({ brands: [], attributes: [], category: hideCategory ? state.category : null })
          }
        >
          {t('search.clearFilters')}
        </button>
      )}
      {answer.availableNavigation.map((nav) => {
        if (nav.displayName === 'CATEGORY' && hideCategory) return null;
        const legend =
          nav.displayName === 'BRAND'
            ? t('search.brand')
            : nav.displayName === 'CATEGORY'
              ? t('search.category')
              : nav.label;
        const chosen =
          nav.displayName === 'BRAND'
            ? state.brands
            : nav.displayName === 'CATEGORY'
              ? state.category
                ? [state.category]
                : []
              : (state.attributes.find((a) => a.name === nav.displayName)?.values ?? []);
        const pick = (value: string) => {
          if (nav.displayName === 'BRAND') return update({ brands: toggle(state.brands, value) });
          if (nav.displayName === 'CATEGORY')
            return update({ category: state.category === value ? null : value });
          const others = state.attributes.filter((a) => a.name !== nav.displayName);
          const values = toggle(chosen, value);
          update({ attributes: values.length ? [...others, { name: nav.displayName, values }] : others });
        };
        return (
          <fieldset key={nav.displayName}>
            <legend>{legend}</legend>
            {nav.refinements.map((r) => (
              <label key={r.value}>
                <input type="checkbox" checked={chosen.includes(r.value)} onChange={() => pick(r.value)} />
                <span>{r.displayValue}</span>
                {/* Past the counted matches (exactCounts false) a count would be a guess: the values stay. */}
                {answer.exactCounts && <span className="suggest__count">{r.count}</span>}
              </label>
            ))}
          </fieldset>
        );
      })}
    </aside>
  );
}

import { useApolloClient } from '@apollo/client/react';
import { SEARCH } from '@domain/constants';
import { categoryPath, productPath, ROUTES, searchPath } from '@domain/routes';
import { promotesBallScrews, typeaheadText } from '@domain/search';
import { NATIVE_SUBMIT_ATTRIBUTE } from '@domain/ssr';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  TypeAheadDocument,
  type SearchAnswerFieldsFragment,
} from '../../features/search/graphql/search.generated';
import { useCatalogLang, useT } from '../../i18n';
import { recordSearchClick } from '../../lib/attribution';
import { notify } from '../../lib/toast';
import { VoiceSearchButton } from './VoiceSearchButton';

/** One keyboard-reachable entry of the dropdown, in screen order. */
interface Option {
  id: string;
  /** Where choosing it goes; none for the option that shows all brands or fewer. */
  href?: string;
  productId?: string;
}

/**
 * The header search box (spec sections 2, 4, 5, 9): suggestions 200 ms after the last keystroke, for the text
 * with leading whitespace and a leading & removed (blank text calls nothing); brands (at most 12, two until
 * See All Brands), the corrected query, products with 90x90 images and View All Results; Enter or the button
 * goes to /search?q=; the suggestions clear 800 ms after a submit. An ARIA combobox: arrows move through the
 * entries, Enter opens the active one, Escape closes.
 */
export function SearchBox() {
  const t = useT();
  const catalogLang = useCatalogLang();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  // The answer with the text it answers: an answer to an earlier text may list its products while the newer one is
  // on its way, but never says that nothing matches the text now in the box.
  const [fetched, setFetched] = useState<{ term: string; answer: SearchAnswerFieldsFragment } | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [allBrands, setAllBrands] = useState(false);
  const latest = useRef(0);
  // The clearing that follows a submit; typing again before it comes keeps the new suggestions.
  const clearAfterSubmit = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const term = typeaheadText(text);
  // Blank text shows nothing (and calls nothing).
  const answer = term.trim() ? (fetched?.answer ?? null) : null;
  const answersText = fetched?.term === term;

  useEffect(() => {
    const request = ++latest.current;
    if (!term.trim()) return;
    const timer = setTimeout(() => {
      client
        .query({ query: TypeAheadDocument, variables: { term, includeWithoutPrice: true } })
        .then(({ data }) => {
          if (request !== latest.current || !data) return;
          setFetched({ term, answer: data.typeAhead });
          setActive(-1);
          setAllBrands(false);
        })
        .catch(() => {
          if (request !== latest.current) return;
          setFetched(null);
          void notify('error', t('search.failure'), { toastId: 'typeahead-failure' });
        });
    }, SEARCH.typeaheadDebounceMs);
    return () => clearTimeout(timer);
  }, [term, client, t]);

  // A click outside closes the dropdown; leaving the page drops a pending clearing.
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      clearTimeout(clearAfterSubmit.current);
    };
  }, []);

  const brands = (
    answer?.availableNavigation.find((n) => n.displayName === 'BRAND')?.refinements ?? []
  ).slice(0, SEARCH.maxBrands);
  const shownBrands = allBrands ? brands : brands.slice(0, SEARCH.collapsedBrands);
  const promoted = promotesBallScrews(term);
  const token = answer?.searchParams.searchAttributionToken ?? '';
  const submittedText = answer?.correctedQuery ?? term;

  const options: Option[] = [
    ...shownBrands.map((b) => ({
      id: `${listId}-brand-${b.value}`,
      href: `${searchPath(submittedText)}&brand=${encodeURIComponent(b.value)}`,
    })),
    ...(brands.length > SEARCH.collapsedBrands ? [{ id: `${listId}-more-brands` }] : []),
    ...(promoted ? [{ id: `${listId}-promoted`, href: categoryPath(SEARCH.ballScrewCategoryHandle) }] : []),
    ...(answer?.results ?? []).map((p) => ({
      id: `${listId}-product-${p.id}`,
      href: productPath(p.id),
      productId: p.id,
    })),
    ...(answer && answer.results.length > 0
      ? [{ id: `${listId}-all`, href: searchPath(submittedText) }]
      : []),
  ];
  const expanded = open && !!answer;
  const listed = expanded && answer.results.length > 0;

  const go = (option: Option) => {
    if (!option.href) {
      setAllBrands((v) => !v);
      return;
    }
    if (option.productId) {
      const position = (answer?.results ?? []).findIndex((p) => p.id === option.productId);
      recordSearchClick({ token, productId: option.productId, position, query: term });
    }
    setOpen(false);
    navigate(option.href);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.replace(/^\s+/, '');
    if (!q.trim()) {
      setText('');
      setFetched(null);
      return;
    }
    navigate(searchPath(q));
    inputRef.current?.blur();
    clearTimeout(clearAfterSubmit.current);
    clearAfterSubmit.current = setTimeout(() => {
      setOpen(false);
      setFetched(null);
    }, SEARCH.clearSuggestionsAfterSubmitMs);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      setOpen(true);
      const last = options.length - 1;
      setActive((i) => (e.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (e.key === 'Enter' && listed && active >= 0 && options[active]) {
      e.preventDefault();
      go(options[active]);
    } else if (e.key === 'Escape') {
      if (expanded) e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  /** An option of the listbox: chosen by click (or Enter while active), never a link inside (ARIA). */
  useEffect(() => {
    const id = active >= 0 ? options[active]?.id : undefined;
    if (id) document.getElementById(id)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]); // eslint-disable-line react-hooks/exhaustive-deps

  const optionProps = (option: Option | undefined, className = '') =>
    option
      ? {
          id: option.id,
          role: 'option',
          'aria-selected': options[active]?.id === option.id,
          className: `suggest__option ${className}${options[active]?.id === option.id ? ' is-active' : ''}`,
          onClick: () => go(option),
          // The input keeps the focus (aria-activedescendant): a press on an option must not take it.
          onMouseDown: (e: React.MouseEvent) => e.preventDefault(),
        }
      : {};
  const find = (id: string) => options.find((o) => o.id === id);

  return (
    // A plain search form (action, named field) before the page has hydrated; the guard lets it go (domain/ssr.ts).
    <form
      className="search"
      role="search"
      method="get"
      action={ROUTES.search}
      {...{ [NATIVE_SUBMIT_ATTRIBUTE]: '' }}
      onSubmit={submit}
      ref={rootRef}
    >
      <label className="visually-hidden" htmlFor={`${listId}-input`}>
        {t('search.label')}
      </label>
      <input
        ref={inputRef}
        id={`${listId}-input`}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={`${listId}-list`}
        aria-activedescendant={listed && active >= 0 ? options[active]?.id : undefined}
        value={text}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        onChange={(e) => {
          clearTimeout(clearAfterSubmit.current);
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {text && (
        <button
          type="button"
          className="search__clear"
          aria-label={t('search.clear')}
          onClick={() => {
            setText('');
            setFetched(null);
            inputRef.current?.focus();
          }}
        >
          ×
        </button>
      )}
      <VoiceSearchButton
        onResult={(spoken) => {
          setText(spoken);
          setOpen(true);
        }}
      />
      <button type="submit" className="search__submit" aria-label={t('search.submit')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      {expanded && (
        // Scrolls when taller than the window: the active option is kept in view, and Tab from the box reaches the
        // panel so the keyboard can scroll it too (the options themselves are chosen with the arrows and Enter).
        <div className="suggest" tabIndex={0} aria-label={t('search.suggestions')} role="region">
          {answer.results.length === 0 ? (
            answersText ? (
              <p className="suggest__empty" role="status">
                {t('search.noResults')}
              </p>
            ) : (
              <p className="suggest__empty" role="status" aria-busy="true">
                {t('search.searching')}
              </p>
            )
          ) : (
            <>
              {answer.correctedQuery && (
                <p className="suggest__corrected">
                  {t('search.showingResultsFor')} <strong>{answer.correctedQuery}</strong>
                </p>
              )}
              {/* One listbox of labelled groups whose options are their direct children (ARIA 1.2 combobox). */}
              <div
                className="suggest__grid"
                id={`${listId}-list`}
                role="listbox"
                aria-label={t('search.suggestions')}
              >
                <div className="suggest__side" role="none">
                  {brands.length > 0 && (
                    <div role="group" aria-labelledby={`${listId}-brands`} className="suggest__brands">
                      <div role="none" id={`${listId}-brands`} className="suggest__heading">
                        {t('search.brands')}
                      </div>
                      {shownBrands.map((b) => (
                        <div key={b.value} {...optionProps(find(`${listId}-brand-${b.value}`))}>
                          {b.displayValue}{' '}
                          {answer?.exactCounts && <span className="suggest__count">({b.count})</span>}
                        </div>
                      ))}
                      {brands.length > SEARCH.collapsedBrands && (
                        <div {...optionProps(find(`${listId}-more-brands`), 'suggest__more')}>
                          {allBrands ? t('search.fewerBrands') : t('search.allBrands')}
                        </div>
                      )}
                    </div>
                  )}
                  {promoted && (
                    <div {...optionProps(find(`${listId}-promoted`), 'suggest__promoted')}>
                      {t('search.promotedBallScrews')}
                    </div>
                  )}
                </div>
                <div className="suggest__main" role="none">
                  <div role="group" aria-labelledby={`${listId}-products`} className="suggest__products">
                    <div role="none" id={`${listId}-products`} className="suggest__heading">
                      {t('search.products')}
                    </div>
                    {answer.results.map((p) => (
                      <div key={p.id} {...optionProps(find(`${listId}-product-${p.id}`))}>
                        <img
                          src={p.image ?? '/images/placeholder.jpg'}
                          width={SEARCH.suggestionImageSize}
                          height={SEARCH.suggestionImageSize}
                          alt=""
                          loading="lazy"
                        />
                        <span>
                          <span className="suggest__name" lang={catalogLang}>
                            {p.name}
                          </span>
                          <span className="suggest__id">{p.id}</span>
                        </span>
                      </div>
                    ))}
                  </div>
                  <div {...optionProps(find(`${listId}-all`), 'btn btn--primary suggest__all')}>
                    {t('search.viewAll')}
                  </div>
                </div>
              </div>
            </>
          )}
        </div>
      )}
    </form>
  );
}

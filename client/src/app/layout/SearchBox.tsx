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
import { useT } from '../../i18n';
import { recordSearchClick } from '../../lib/attribution';
import { notify } from '../../lib/toast';
import { VoiceSearchButton } from './VoiceSearchButton';

/** One keyboard-reachable entry of the dropdown, in screen order. */
interface Option {
  id: string;
  href: string;
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
  const navigate = useNavigate();
  const client = useApolloClient();
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const [fetched, setAnswer] = useState<SearchAnswerFieldsFragment | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [allBrands, setAllBrands] = useState(false);
  const latest = useRef(0);
  const listId = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const term = typeaheadText(text);
  // Blank text shows nothing (and calls nothing).
  const answer = term.trim() ? fetched : null;

  useEffect(() => {
    const request = ++latest.current;
    if (!term.trim()) return;
    const timer = setTimeout(() => {
      client
        .query({ query: TypeAheadDocument, variables: { term, includeWithoutPrice: true } })
        .then(({ data }) => {
          if (request !== latest.current || !data) return;
          setAnswer(data.typeAhead);
          setActive(-1);
          setAllBrands(false);
        })
        .catch(() => {
          if (request !== latest.current) return;
          setAnswer(null);
          void notify('error', t('search.failure'), { toastId: 'typeahead-failure' });
        });
    }, SEARCH.typeaheadDebounceMs);
    return () => clearTimeout(timer);
  }, [term, client, t]);

  // A click outside closes the dropdown.
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
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

  const go = (option: Option) => {
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
      setAnswer(null);
      return;
    }
    navigate(searchPath(q));
    inputRef.current?.blur();
    setTimeout(() => {
      setOpen(false);
      setAnswer(null);
    }, SEARCH.clearSuggestionsAfterSubmitMs);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      setOpen(true);
      const last = options.length - 1;
      setActive((i) => (e.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (e.key === 'Enter' && expanded && active >= 0 && options[active]) {
      e.preventDefault();
      go(options[active]);
    } else if (e.key === 'Escape') {
      if (expanded) e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const optionProps = (option: Option | undefined) =>
    option
      ? {
          id: option.id,
          role: 'option',
          'aria-selected': options[active]?.id === option.id,
          className: options[active]?.id === option.id ? 'is-active' : undefined,
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
        aria-expanded={expanded}
        aria-controls={`${listId}-list`}
        aria-activedescendant={expanded && active >= 0 ? options[active]?.id : undefined}
        value={text}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        onChange={(e) => {
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
            setAnswer(null);
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
        <div className="suggest" id={`${listId}-list`} role="listbox" aria-label={t('search.suggestions')}>
          {answer.results.length === 0 ? (
            <p className="suggest__empty" role="status">
              {t('search.noResults')}
            </p>
          ) : (
            <>
              <div className="suggest__side">
                {brands.length > 0 && (
                  <div role="group" aria-label={t('search.brands')}>
                    <h3 className="suggest__heading">{t('search.brands')}</h3>
                    <ul className="suggest__brands">
                      {shownBrands.map((b) => {
                        const option = find(`${listId}-brand-${b.value}`);
                        return (
                          <li key={b.value} {...optionProps(option)}>
                            <a
                              href={option?.href}
                              onClick={(e) => (e.preventDefault(), option && go(option))}
                            >
                              {b.displayValue} <span className="suggest__count">({b.count})</span>
                            </a>
                          </li>
                        );
                      })}
                    </ul>
                    {brands.length > SEARCH.collapsedBrands && (
                      <button type="button" className="link-button" onClick={() => setAllBrands((v) => !v)}>
                        {allBrands ? t('search.fewerBrands') : t('search.allBrands')}
                      </button>
                    )}
                  </div>
                )}
                {promoted && (
                  <div className="suggest__promoted" {...optionProps(find(`${listId}-promoted`))}>
                    <a
                      href={categoryPath(SEARCH.ballScrewCategoryHandle)}
                      onClick={(e) => (e.preventDefault(), go(find(`${listId}-promoted`)!))}
                    >
                      {t('search.promotedBallScrews')}
                    </a>
                  </div>
                )}
              </div>
              <div className="suggest__main">
                {answer.correctedQuery && (
                  <p className="suggest__corrected">
                    {t('search.showingResultsFor')} <strong>{answer.correctedQuery}</strong>
                  </p>
                )}
                <h3 className="suggest__heading">{t('search.products')}</h3>
                <ul className="suggest__products">
                  {answer.results.map((p) => {
                    const option = find(`${listId}-product-${p.id}`)!;
                    return (
                      <li key={p.id} {...optionProps(option)}>
                        <a href={option.href} onClick={(e) => (e.preventDefault(), go(option))}>
                          <img
                            src={p.image ?? '/images/placeholder.jpg'}
                            width={SEARCH.suggestionImageSize}
                            height={SEARCH.suggestionImageSize}
                            alt=""
                            loading="lazy"
                          />
                          <span>
                            <span className="suggest__name">{p.name}</span>
                            <span className="suggest__id">{p.id}</span>
                          </span>
                        </a>
                      </li>
                    );
                  })}
                </ul>
                <div {...optionProps(find(`${listId}-all`))}>
                  <a
                    className="btn btn--primary suggest__all"
                    href={searchPath(submittedText)}
                    onClick={(e) => (e.preventDefault(), go(find(`${listId}-all`)!))}
                  >
                    {t('search.viewAll')}
                  </a>
                </div>
              </div>
            </>
          )}
        </div>
      )}
    </form>
  );
}

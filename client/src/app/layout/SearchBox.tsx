import { searchPath } from '@domain/routes';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n';

/**
 * The header search box: Enter or the button goes to /search?q=; leading whitespace is stripped; a blank
 * search does nothing but clear. Suggestions (typeahead) arrive with the search issue.
 */
export function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const term = text.replace(/^\s+/, '');
    if (!term.trim()) {
      setText('');
      return;
    }
    navigate(searchPath(term));
  };

  return (
    <form className="search" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="site-search">
        {t('search.label')}
      </label>
      <input
        id="site-search"
        type="search"
        value={text}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      {text && (
        <button
          type="button"
          className="search__clear"
          aria-label={t('search.clear')}
          onClick={() => setText('')}
        >
          ×
        </button>
      )}
      <button type="submit" className="search__submit" aria-label={t('search.submit')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}

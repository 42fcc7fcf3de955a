import type { SearchResult } from '@akhada/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../components/icons/search';
import { useGlobalSearch } from '../../features/dashboard/api/dashboard-api';
import { useUser } from '../../lib/auth/session';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { ALL_NS } from '../../locales/resources';

/** Typing pauses this long before a search is sent. */
const DEBOUNCE_MS = 200;

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

/**
 * Global search as you type (staff and trainers): members, trainers and payments of the caller's locations, from the
 * dashboard's search projection. A combobox (WAI-ARIA 1.2): arrows move through the results, Enter opens one, Escape
 * closes the list. A member has only their own pages, so their box keeps the old "search members" submit.
 */
export function SearchBox() {
  const { t } = useTranslation(ALL_NS);
  const navigate = useNavigate();
  const user = useUser();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const canSearch = user.role !== 'member';
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(q.trim(), DEBOUNCE_MS);
  const search = useGlobalSearch(term, canSearch && open);
  const results: SearchResult[] = term && search.data ? search.data : [];
  const listId = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const showList = canSearch && open && term.length > 0;

  useEffect(() => setActive(-1), [term]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const go = (r: SearchResult) => {
    setOpen(false);
    setQ('');
    navigate(r.href);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const chosen = results[active] ?? (results.length > 0 ? results[0] : undefined);
    if (canSearch && chosen) return go(chosen);
    const text = q.trim();
    if (!canSearch || results.length === 0) navigate(text ? `/dashboard/members?search=${encodeURIComponent(text)}` : '/dashboard/members');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!canSearch) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      if (results.length) setActive((i) => (i + 1) % results.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (results.length) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setQ('');
    } else if (e.key === 'Home' && open && results.length) {
      setActive(0);
    } else if (e.key === 'End' && open && results.length) {
      setActive(results.length - 1);
    }
  };
  const optionId = (i: number) => `${listId}-opt-${i}`;

  return (
    <form role="search" className="search-box" onSubmit={onSubmit} ref={rootRef}>
      <label htmlFor="global-search" className="visually-hidden">
        {t('shell:search.label')}
      </label>
      <SearchIcon size={18} className="input-icon__icon" />
      <input
        id="global-search"
        type="search"
        className="search-box__input"
        placeholder={mobile ? t('shell:search.placeholderMobile') : t('shell:search.placeholder')}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        enterKeyHint="search"
        autoComplete="off"
        data-testid="global-search"
        {...(canSearch
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': showList,
              'aria-controls': listId,
              'aria-activedescendant': showList && active >= 0 ? optionId(active) : undefined,
            }
          : {})}
      />
      {canSearch ? (
        <div className={`search-results${showList ? ' search-results--open' : ''}`} data-testid="search-results">
          <ul id={listId} role="listbox" aria-label={t('dashboard:search.results')} hidden={!showList}>
            {results.map((r, i) => (
              <li
                key={`${r.kind}-${r.id}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`search-result${i === active ? ' search-result--active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(r)}
                onMouseEnter={() => setActive(i)}
                data-testid="search-result"
              >
                <span className={`search-result__kind search-result__kind--${r.kind}`}>{t(`dashboard:search.kinds.${r.kind}`)}</span>
                <span className="search-result__text">
                  <span className="search-result__title">{r.title}</span>
                  <span className="search-result__subtitle">{r.subtitle}</span>
                </span>
              </li>
            ))}
          </ul>
          {showList ? (
            <p className="search-results__status" role="status" aria-live="polite">
              {search.isError
                ? t('dashboard:search.failed')
                : search.isFetching && results.length === 0
                  ? t('dashboard:search.searching')
                  : results.length === 0 && search.isSuccess
                    ? t('dashboard:search.none', { q: term })
                    : t('dashboard:search.count', { count: results.length })}
            </p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

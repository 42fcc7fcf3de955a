import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../components/icons/search';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { ALL_NS } from '../../locales/resources';

/** Searches members (the part of Akhada that can be searched today) and opens the results. */
export function SearchBox() {
  const { t } = useTranslation(ALL_NS);
  const navigate = useNavigate();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [q, setQ] = useState('');
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const term = q.trim();
    navigate(term ? `/dashboard/members?search=${encodeURIComponent(term)}` : '/dashboard/members');
  };
  return (
    <form role="search" className="search-box" onSubmit={onSubmit}>
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
        onChange={(e) => setQ(e.target.value)}
        enterKeyHint="search"
        data-testid="global-search"
      />
    </form>
  );
}

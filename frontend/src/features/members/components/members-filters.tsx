import { MembershipStatus, MembershipType } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/icons/search';
import { ALL_NS } from '../../../locales/resources';
import { LocationSelect } from '../../../components/location-select';

export interface MemberFilters {
  search: string;
  status: '' | MembershipStatus;
  type: '' | MembershipType;
}
export const EMPTY_FILTERS: MemberFilters = { search: '', status: '', type: '' };

/** The branch filter (owners and admins with several locations): changes at once, like the top bar's switcher. */
export interface LocationFilter {
  value: string | null;
  allowAll: boolean;
  options: { _id: string; name: string }[];
  onChange: (id: string | null) => void;
}

/** Search, Status and Membership Type, applied with "Apply Filters"; "Reset Filters" clears them. */
export function MembersFilters({ applied, onApply, location }: { applied: MemberFilters; onApply: (f: MemberFilters) => void; location?: LocationFilter }) {
  const { t } = useTranslation(ALL_NS);
  const [draft, setDraft] = useState(applied);
  const appliedKey = `${applied.search}\u0000${applied.status}\u0000${applied.type}`;
  const [lastKey, setLastKey] = useState(appliedKey);
  if (lastKey !== appliedKey) {
    // The applied filters changed from outside (the URL, the top-bar search): show them.
    setLastKey(appliedKey);
    setDraft(applied);
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onApply({ ...draft, search: draft.search.trim() });
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    onApply(EMPTY_FILTERS);
  };

  return (
    <form className={`card filters${location ? ' filters--location' : ''}`} role="search" aria-label={t('members:filters.label')} onSubmit={onSubmit}>
      <div className="filters__field filters__field--search">
        <label htmlFor="member-search" className="field__label">
          {t('members:filters.search')}
        </label>
        <div className="input-icon">
          <SearchIcon size={18} className="input-icon__icon" />
          <input
            id="member-search"
            type="search"
            className="input"
            placeholder={t('members:filters.searchPlaceholder')}
            value={draft.search}
            onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))}
            data-testid="members-search"
          />
        </div>
      </div>
      <div className="filters__field">
        <label htmlFor="member-status" className="field__label">
          {t('members:filters.status')}
        </label>
        <select
          id="member-status"
          className="input select"
          value={draft.status}
          onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value as MemberFilters['status'] }))}
          data-testid="members-status"
        >
          <option value="">{t('members:filters.allStatus')}</option>
          {MembershipStatus.options
            .filter((s) => s !== 'archived')
            .map((s) => (
              <option key={s} value={s}>
                {t(`members:status.${s}`)}
              </option>
            ))}
        </select>
      </div>
      <div className="filters__field">
        <label htmlFor="member-type" className="field__label">
          {t('members:filters.type')}
        </label>
        <select
          id="member-type"
          className="input select"
          value={draft.type}
          onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value as MemberFilters['type'] }))}
          data-testid="members-type"
        >
          <option value="">{t('members:filters.allTypes')}</option>
          {MembershipType.options.map((s) => (
            <option key={s} value={s}>
              {t(`members:types.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {location ? (
        <div className="filters__field">
          <label htmlFor="member-location" className="field__label">
            {t('members:filters.location')}
          </label>
          <LocationSelect
            id="member-location"
            locations={location.options}
            value={location.value}
            onChange={(next) => location.onChange(next || null)}
            blank={location.allowAll ? t('members:filters.allLocations') : undefined}
            testId="members-location"
          />
        </div>
      ) : null}
      <div className="filters__actions">
        <button type="button" className="btn btn--secondary" onClick={reset} data-testid="members-reset">
          {t('members:filters.reset')}
        </button>
        <button type="submit" className="btn btn--primary" data-testid="members-apply">
          {t('members:filters.apply')}
        </button>
      </div>
    </form>
  );
}

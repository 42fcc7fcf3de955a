import { AvailabilityStatus, Specialization } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/icons/search';
import { ALL_NS } from '../../../locales/resources';

export interface TrainerFilters {
  search: string;
  specialization: '' | Specialization;
  availability: '' | AvailabilityStatus;
}
export const EMPTY_FILTERS: TrainerFilters = { search: '', specialization: '', availability: '' };

/** Search, Specialization and Availability, applied with "Apply Filters"; "Reset Filters" clears them. */
export function TrainersFilters({ applied, onApply }: { applied: TrainerFilters; onApply: (f: TrainerFilters) => void }) {
  const { t } = useTranslation(ALL_NS);
  const [draft, setDraft] = useState(applied);
  const appliedKey = `${applied.search}\u0000${applied.specialization}\u0000${applied.availability}`;
  const [lastKey, setLastKey] = useState(appliedKey);
  if (lastKey !== appliedKey) {
    // The applied filters changed from outside (the address): show them.
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
    <form className="card trainer-filters" role="search" aria-label={t('trainers:filters.label')} onSubmit={onSubmit}>
      <div className="trainer-filters__field trainer-filters__field--search">
        <label htmlFor="trainer-search" className="field__label">
          {t('trainers:filters.search')}
        </label>
        <div className="input-icon">
          <SearchIcon size={18} className="input-icon__icon" />
          <input
            id="trainer-search"
            type="search"
            className="input"
            maxLength={100}
            placeholder={t('trainers:filters.searchPlaceholder')}
            value={draft.search}
            onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))}
            data-testid="trainers-search"
          />
        </div>
      </div>
      <div className="trainer-filters__field">
        <label htmlFor="trainer-specialization" className="field__label">
          {t('trainers:filters.specialization')}
        </label>
        <select
          id="trainer-specialization"
          className="input select"
          value={draft.specialization}
          onChange={(e) => setDraft((d) => ({ ...d, specialization: e.target.value as TrainerFilters['specialization'] }))}
          data-testid="trainers-specialization"
        >
          <option value="">{t('trainers:filters.allSpecializations')}</option>
          {Specialization.options.map((s) => (
            <option key={s} value={s}>
              {t(`trainers:specializations.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="trainer-filters__field">
        <label htmlFor="trainer-availability" className="field__label">
          {t('trainers:filters.availability')}
        </label>
        <select
          id="trainer-availability"
          className="input select"
          value={draft.availability}
          onChange={(e) => setDraft((d) => ({ ...d, availability: e.target.value as TrainerFilters['availability'] }))}
          data-testid="trainers-availability"
        >
          <option value="">{t('trainers:filters.allAvailability')}</option>
          {AvailabilityStatus.options.map((s) => (
            <option key={s} value={s}>
              {t(`trainers:availability.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="trainer-filters__actions">
        <button type="button" className="btn btn--secondary" onClick={reset} data-testid="trainers-reset">
          {t('trainers:filters.reset')}
        </button>
        <button type="submit" className="btn btn--primary" data-testid="trainers-apply">
          {t('trainers:filters.apply')}
        </button>
      </div>
    </form>
  );
}

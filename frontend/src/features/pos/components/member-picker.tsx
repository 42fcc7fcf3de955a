import { useDeferredValue, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/form-field';
import { ALL_NS } from '../../../locales/resources';
import { useMemberSearch } from '../api/pos-api';

/** Picks the member who buys: a search over the gym's members (name, phone, member id); sets `buyer.memberId`. */
export function MemberPicker() {
  const { t } = useTranslation(ALL_NS);
  const { setValue, watch } = useFormContext<{ buyer: { memberId: string } }>();
  const memberId = watch('buyer.memberId');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const deferred = useDeferredValue(search.trim());
  const members = useMemberSearch(deferred);

  if (memberId && chosen?.id === memberId)
    return (
      <div className="pos-member-chosen" data-testid="pos-member-chosen">
        <span>
          {t('pos:buyer.chosen')} <strong>{chosen.name}</strong>
        </span>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => {
            setValue('buyer.memberId', '', { shouldValidate: false });
            setChosen(null);
          }}
        >
          {t('pos:buyer.change')}
        </button>
      </div>
    );

  return (
    <FormField name="buyer.memberId" label={t('pos:buyer.searchLabel')} required>
      {(p) => (
        <div className="pos-member-search">
          <input
            {...p}
            type="search"
            className="input"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('pos:buyer.searchPlaceholder')}
            autoComplete="off"
            data-testid="pos-member-search"
          />
          {deferred.length >= 2 ? (
            <div aria-live="polite">
              {members.isPending ? (
                <p className="text-muted">{t('pos:buyer.searching')}</p>
              ) : members.isError ? (
                <p className="alert alert--error">{t('pos:buyer.searchError')}</p>
              ) : members.data.length === 0 ? (
                <p className="text-muted">{t('pos:buyer.noMembers')}</p>
              ) : (
                <ul className="pos-member-results" aria-label={t('pos:buyer.results')}>
                  {members.data.map((m) => {
                    const name = `${m.user.firstName} ${m.user.lastName}`;
                    return (
                      <li key={m._id}>
                        <button
                          type="button"
                          className="pos-member-result"
                          onClick={() => {
                            setChosen({ id: m._id, name });
                            setValue('buyer.memberId', m._id, { shouldValidate: true });
                          }}
                          data-testid="pos-member-option"
                        >
                          <span>{name}</span>
                          <span className="text-muted">{m.user.phone}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          ) : null}
        </div>
      )}
    </FormField>
  );
}

import { AuditArea, type AuditEntry } from '@akhada/contracts';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { downloadAudit, useAudit, useAuditPeople, type AuditFilters } from '../api/dashboard-api';
import '../dashboard.css';

const PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as the address has them (shareable, back button works); anything malformed is left out. */
const filtersOf = (sp: URLSearchParams): AuditFilters => {
  const area = AuditArea.safeParse(sp.get('area'));
  const actorId = sp.get('actorId') ?? '';
  const from = sp.get('from') ?? '';
  const to = sp.get('to') ?? '';
  return {
    page: Math.max(1, Number(sp.get('page')) || 1),
    limit: PAGE_SIZE,
    area: area.success ? area.data : undefined,
    actorId: UUID.test(actorId) ? actorId : undefined,
    from: DATE.test(from) ? from : undefined,
    to: DATE.test(to) ? to : undefined,
  };
};

/** /dashboard/audit (owners): every change in the organization, from the events, filtered, paged, exportable. */
export function AuditPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('dashboard:audit.title'));
  const user = useUser();
  const toast = useToast();
  const { describe } = useErrorText();
  const [sp, setSp] = useSearchParams();
  const filters = filtersOf(sp);
  const audit = useAudit(filters);
  const [draft, setDraft] = useState({ actorId: filters.actorId ?? '', area: filters.area ?? '', from: filters.from ?? '', to: filters.to ?? '' });
  // The person picker: a name typed (its matches listed) or a person chosen (their id in the filter).
  const [personName, setPersonName] = useState('');
  const [picking, setPicking] = useState(false);
  const typed = useDeferredValue(personName.trim());
  const matches = useAuditPeople(picking ? typed : '');
  const [exporting, setExporting] = useState(false);

  if (user.role !== 'owner') {
    return (
      <div className="page">
        <PageHeader title={t('dashboard:audit.title')} />
        <EmptyState title={t('dashboard:audit.ownersOnly')} />
      </div>
    );
  }

  const apply = (next: Partial<typeof draft> & { page?: number }) => {
    const merged = { ...draft, ...next };
    const params = new URLSearchParams();
    if (merged.actorId.trim()) params.set('actorId', merged.actorId.trim());
    if (merged.area) params.set('area', merged.area);
    if (merged.from) params.set('from', merged.from);
    if (merged.to) params.set('to', merged.to);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSp(params);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    apply({});
  };
  const byPerson = (id: string, name: string | null) => {
    setDraft((d) => ({ ...d, actorId: id }));
    setPersonName(name ?? '');
    setPicking(false);
    apply({ actorId: id });
  };
  const choose = (id: string, name: string) => {
    setDraft((d) => ({ ...d, actorId: id }));
    setPersonName(name);
    setPicking(false);
  };
  const onExport = async () => {
    setExporting(true);
    try {
      const { page: _page, limit: _limit, ...rest } = filters;
      const name = await downloadAudit(rest);
      toast.success(t('dashboard:audit.exported', { name }));
    } catch (err) {
      toast.error(describe(err));
    } finally {
      setExporting(false);
    }
  };
  const areaLabel = (a: AuditEntry['area']) => t(`dashboard:audit.areas.${a}`);

  return (
    <div className="page audit">
      <PageHeader
        title={t('dashboard:audit.title')}
        subtitle={t('dashboard:audit.subtitle')}
        actions={
          <button type="button" className="btn btn--secondary" onClick={() => void onExport()} disabled={exporting} data-testid="audit-export">
            {exporting ? t('dashboard:audit.exporting') : t('dashboard:audit.export')}
          </button>
        }
      />
      <form className="card audit-filters" onSubmit={onSubmit} aria-label={t('dashboard:audit.filters')}>
        <label className="field">
          <span className="field__label">{t('dashboard:audit.area')}</span>
          <select className="input select" value={draft.area} onChange={(e) => setDraft({ ...draft, area: e.target.value })} data-testid="audit-area">
            <option value="">{t('dashboard:audit.anyArea')}</option>
            {AuditArea.options.map((a) => (
              <option key={a} value={a}>
                {areaLabel(a)}
              </option>
            ))}
          </select>
        </label>
        <div className="field audit-person">
          <label className="field__label" htmlFor="audit-person">
            {t('dashboard:audit.person')}
          </label>
          <input
            id="audit-person"
            className="input"
            value={personName}
            onChange={(e) => {
              setPersonName(e.target.value);
              setPicking(true);
              setDraft((d) => ({ ...d, actorId: '' }));
            }}
            placeholder={draft.actorId && !personName ? t('dashboard:audit.personChosen') : t('dashboard:audit.personPlaceholder')}
            aria-describedby="audit-person-hint"
            aria-autocomplete="list"
            aria-controls="audit-person-options"
            aria-expanded={picking && typed.length > 0}
            role="combobox"
            autoComplete="off"
            data-testid="audit-person"
          />
          {picking && typed.length > 0 ? (
            <ul id="audit-person-options" className="audit-person__options card" role="listbox" aria-label={t('dashboard:audit.person')}>
              {(matches.data ?? []).map((p) => (
                <li key={p.id} role="option" aria-selected={draft.actorId === p.id}>
                  <button type="button" className="audit-person__option" onClick={() => choose(p.id, p.name)} data-testid="audit-person-option">
                    <span>{p.name}</span> <span className="field__hint">{t(`dashboard:audit.personKinds.${p.kind}`)}</span>
                  </button>
                </li>
              ))}
              {matches.data && matches.data.length === 0 ? <li className="field__hint">{t('dashboard:audit.noPeople')}</li> : null}
            </ul>
          ) : null}
          <span id="audit-person-hint" className="field__hint">
            {t('dashboard:audit.personHint')}
          </span>
        </div>
        <label className="field">
          <span className="field__label">{t('dashboard:audit.from')}</span>
          <input type="date" className="input" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label className="field">
          <span className="field__label">{t('dashboard:audit.to')}</span>
          <input type="date" className="input" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <div className="audit-filters__actions">
          <button type="submit" className="btn btn--primary">
            {t('dashboard:audit.apply')}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              setDraft({ actorId: '', area: '', from: '', to: '' });
              setPersonName('');
              setSp(new URLSearchParams());
            }}
          >
            {t('dashboard:audit.clear')}
          </button>
        </div>
      </form>

      <section className="card" style={{ marginTop: 16 }}>
        {audit.isPending ? (
          <LoadingState title={t('common:loading')} />
        ) : audit.isError ? (
          <ErrorState error={audit.error} onRetry={() => void audit.refetch()} retrying={audit.isFetching} />
        ) : audit.data.items.length === 0 ? (
          <EmptyState title={t('dashboard:audit.empty')} />
        ) : (
          <>
            <p className="field__hint" aria-live="polite">
              {t('dashboard:audit.total', { count: audit.data.pagination.total })}
            </p>
            <div className="table-wrap">
              <table className="table audit-table" data-testid="audit-table" aria-busy={audit.isFetching}>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard:audit.when')}</th>
                    <th scope="col">{t('dashboard:audit.who')}</th>
                    <th scope="col">{t('dashboard:audit.what')}</th>
                    <th scope="col">{t('dashboard:audit.subject')}</th>
                    <th scope="col" className="audit__event">
                      {t('dashboard:audit.event')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {audit.data.items.map((e) => (
                    <tr key={e.eventId}>
                      <td>
                        <time dateTime={e.occurredAt}>{formatDateTime(e.occurredAt, i18n.language)}</time>
                      </td>
                      <td>
                        {e.actorId ? (
                          <button
                            type="button"
                            className="btn btn--link audit__who"
                            onClick={() => byPerson(e.actorId!, e.actorName)}
                            title={t('dashboard:audit.byThisPerson')}
                          >
                            {e.actorName ?? e.actorId.slice(0, 8)}
                          </button>
                        ) : (
                          t('dashboard:audit.system')
                        )}
                      </td>
                      <td>
                        <span className="badge">{areaLabel(e.area)}</span>{' '}
                        {t(`dashboard:audit.types.${e.type}` as 'dashboard:audit.types.members.member_registered', { defaultValue: e.type })}
                      </td>
                      <td>{e.subjectName ?? <code>{e.subjectId}</code>}</td>
                      <td className="audit__event">
                        <code>{e.eventId}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="audit-pager">
              <Pagination page={filters.page} totalPages={audit.data.pagination.totalPages} onChange={(page) => apply({ page })} disabled={audit.isFetching} />
            </div>
          </>
        )}
      </section>
    </div>
  );
}

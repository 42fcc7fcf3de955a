import { LeadSource, type Lead } from '@akhada/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PhoneIcon } from '../../../components/icons/phone';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth/session';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useFormLinks, useLeadStaff, useLeads, type LeadFilters } from '../api/enquiries-api';
import { QueryView } from '../../../components/query-view';
import { LeadCard } from '../components/lead-card';
import { NewEnquiryModal } from '../components/new-enquiry-modal';
import { STAGES } from '../lib/labels';
import { useLiveEnquiries } from '../lib/use-live-enquiries';
import '../enquiries.css';
import { LocationSelect } from '../../../components/location-select';

/**
 * /dashboard/enquiries: the leads the caller may see (owners and admins their locations', a trainer those assigned to
 * them) as a pipeline board by stage on a wide screen and a list on a phone, with filters and "New enquiry".
 */
export function EnquiriesPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('enquiries:title'));
  const user = useUser();
  const manager = user.role === 'owner' || user.role === 'admin';
  const phone = useMediaQuery(MOBILE_QUERY);
  const ids = { search: useId(), stage: useId(), source: useId(), owner: useId(), location: useId() };
  const [filters, setFilters] = useState<LeadFilters>({});
  const [adding, setAdding] = useState(false);
  const [flash, setFlash] = useState<string | null>(null);
  const leads = useLeads(filters);
  const { live } = useLiveEnquiries();
  const links = useFormLinks(manager);
  const staff = useLeadStaff(manager);
  const set = (k: keyof LeadFilters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [k]: e.target.value || undefined }));

  const byStage = (list: Lead[]) => STAGES.map((stage) => ({ stage, leads: list.filter((l) => l.stage === stage) }));

  return (
    <div className="page enq-page" data-live={live}>
      <PageHeader
        title={t('enquiries:title')}
        subtitle={t('enquiries:subtitle')}
        actions={
          <>
            <Link to="/dashboard/enquiries/today" className="btn btn--secondary" data-testid="today-link">
              {t('enquiries:todayLink')}
            </Link>
            {manager ? (
              <Link to="/dashboard/enquiries/reports" className="btn btn--secondary" data-testid="reports-link">
                {t('enquiries:reportsLink')}
              </Link>
            ) : null}
            <button type="button" className="btn btn--primary" onClick={() => setAdding(true)} data-testid="new-enquiry-button">
              {t('enquiries:new')}
            </button>
          </>
        }
      />
      {flash ? (
        <p className="alert alert--success" role="status">
          {flash}
        </p>
      ) : null}
      <section className="enq-filters" aria-label={t('enquiries:filters.label')}>
        <label htmlFor={ids.search}>
          <span className="enq-filters__label">{t('enquiries:filters.search')}</span>
          <input id={ids.search} className="input" type="search" value={filters.search ?? ''} onChange={set('search')} />
        </label>
        {phone ? (
          <label htmlFor={ids.stage}>
            <span className="enq-filters__label">{t('enquiries:filters.stage')}</span>
            <select id={ids.stage} className="input select" value={filters.stage ?? ''} onChange={set('stage')}>
              <option value="">{t('enquiries:filters.all')}</option>
              {STAGES.map((s) => (
                <option key={s} value={s}>
                  {t(`enquiries:stage.${s}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label htmlFor={ids.source}>
          <span className="enq-filters__label">{t('enquiries:filters.source')}</span>
          <select id={ids.source} className="input select" value={filters.source ?? ''} onChange={set('source')}>
            <option value="">{t('enquiries:filters.all')}</option>
            {LeadSource.options.map((s) => (
              <option key={s} value={s}>
                {t(`enquiries:source.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {manager ? (
          <label htmlFor={ids.owner}>
            <span className="enq-filters__label">{t('enquiries:filters.owner')}</span>
            <select id={ids.owner} className="input select" value={filters.ownerId ?? ''} onChange={set('ownerId')}>
              <option value="">{t('enquiries:filters.all')}</option>
              <option value={user._id}>{t('enquiries:filters.mine')}</option>
              <option value="none">{t('enquiries:unassigned')}</option>
              {(staff.data ?? [])
                .filter((m) => m.id !== user._id)
                .map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
            </select>
          </label>
        ) : null}
        {user.locations.length > 1 ? (
          <label htmlFor={ids.location}>
            <span className="enq-filters__label">{t('enquiries:filters.location')}</span>
            <LocationSelect
              id={ids.location}
              locations={user.locations}
              value={filters.locationId}
              onChange={(locationId) => setFilters((f) => ({ ...f, locationId: locationId || undefined }))}
              blank={t('enquiries:filters.all')}
            />
          </label>
        ) : null}
      </section>
      <QueryView query={leads} loading={t('enquiries:loading')} errorTitle={t('enquiries:loadError')}>
        {(page) =>
          page.data.length === 0 ? (
            <div className="card">
              <EmptyState icon={<PhoneIcon size={28} />} title={t('enquiries:empty')} hint={t('enquiries:emptyHint')} />
            </div>
          ) : phone ? (
            <ul className="enq-list" data-testid="lead-list">
              {page.data.map((l) => (
                <li key={l.id}>
                  <LeadCard lead={l} showStage />
                </li>
              ))}
            </ul>
          ) : (
            <div className="enq-board" data-testid="lead-board">
              {byStage(page.data).map((col) => (
                <section key={col.stage} className="enq-column" aria-label={t(`enquiries:stage.${col.stage}`)} data-testid={`column-${col.stage}`}>
                  <h2 className="enq-column__title">
                    {t(`enquiries:stage.${col.stage}`)} <span className="enq-muted">{col.leads.length}</span>
                  </h2>
                  <ul className="enq-list">
                    {col.leads.map((l) => (
                      <li key={l.id}>
                        <LeadCard lead={l} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )
        }
      </QueryView>
      {manager && links.data && links.data.length > 0 ? (
        <section className="card enq-links" data-testid="form-links">
          <h2>{t('enquiries:detail.formLinks')}</h2>
          <p className="enq-muted">{t('enquiries:detail.formLinksHint')}</p>
          <ul>
            {links.data.map((l) => (
              <li key={l.locationId}>
                {l.locationName}: <code>{`${window.location.origin}/enquire/${l.code}`}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <NewEnquiryModal
        open={adding}
        onClose={() => setAdding(false)}
        locationId={filters.locationId ?? null}
        onSaved={(_id, joined) => {
          setAdding(false);
          setFlash(joined ? t('enquiries:form.joined') : t('enquiries:form.saved'));
        }}
      />
    </div>
  );
}

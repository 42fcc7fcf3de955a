import type { PackType } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { PlusIcon } from '../../../components/icons/plus';
import { PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast';
import { formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { usePackTypes, useUpdatePackType } from '../api/packs-api';
import { PackTypeModal } from '../components/pack-type-modal';
import { QueryView } from '../components/scheduling-states';
import { SellPackModal } from '../components/sell-pack-modal';
import { StaffNav } from '../components/staff-nav';
import '../scheduling.css';

/**
 * /dashboard/classes/packs: the organization's session packs (those no longer sold too), with add, edit, stop / resume
 * selling, and Sell a pack to a member at the desk.
 */
export function SessionPacksPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('scheduling:packs.title'));
  const toast = useToast();
  const { describe } = useErrorText();
  const types = usePackTypes(true);
  const update = useUpdatePackType();
  const [editing, setEditing] = useState<PackType | null>(null);
  const [open, setOpen] = useState(false);
  const [selling, setSelling] = useState(false);
  const edit = (p: PackType | null) => {
    setEditing(p);
    setOpen(true);
  };
  const setArchived = (p: PackType, archived: boolean) =>
    update.mutate(
      { id: p.id, body: { archived } },
      {
        onSuccess: () => toast.success(t(archived ? 'scheduling:packs.archivedToast' : 'scheduling:packs.restoredToast', { name: p.name })),
        onError: (e) => toast.error(describe(e)),
      },
    );

  return (
    <div className="page sched-page">
      <PageHeader
        title={t('scheduling:packs.title')}
        subtitle={t('scheduling:packs.subtitle')}
        actions={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => edit(null)} data-testid="add-pack-type">
              <PlusIcon size={16} />
              {t('scheduling:packs.add')}
            </button>
            <button type="button" className="btn btn--primary" onClick={() => setSelling(true)} disabled={!types.data} data-testid="sell-pack">
              {t('scheduling:packs.sell')}
            </button>
          </>
        }
      />
      <StaffNav />
      <QueryView query={types} loading={t('scheduling:packs.loading')} errorTitle={t('scheduling:packs.loadError')}>
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <EmptyState icon={<DumbbellIcon size={28} />} title={t('scheduling:packs.empty')} hint={t('scheduling:packs.emptyHint')} />
            </div>
          ) : (
            <ul className="sched-types" data-testid="pack-types">
              {list.map((p) => (
                <li key={p.id} className={`card sched-type sched-pack-row${p.archived ? ' sched-pack--over' : ''}`} data-testid="pack-type-row">
                  <div className="sched-type__main">
                    <h2 className="sched-type__name">{p.name}</h2>
                    <p className="sched-muted" data-testid="pack-type-facts">
                      {t('scheduling:packs.sessions', { count: p.sessions })} · {t('scheduling:packs.validDays', { count: p.validityDays })} ·{' '}
                      {t('scheduling:packs.price', { price: formatMoney(p.pricePaise / 100, { exact: true }) })}
                    </p>
                    <span className={`badge sched-pack__badge ${p.archived ? 'badge--neutral' : 'badge--success'}`} data-testid="pack-type-state">
                      {p.archived ? t('scheduling:packs.archived') : t('scheduling:packs.active')}
                    </span>
                  </div>
                  <div className="sched-type__actions">
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      onClick={() => edit(p)}
                      aria-label={t('scheduling:packs.edit', { name: p.name })}
                    >
                      {t('scheduling:packs.editShort')}
                    </button>
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      onClick={() => setArchived(p, !p.archived)}
                      disabled={update.isPending}
                      aria-label={t(p.archived ? 'scheduling:packs.restore' : 'scheduling:packs.archive', { name: p.name })}
                    >
                      {p.archived ? t('scheduling:packs.restoreShort') : t('scheduling:packs.archiveShort')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <PackTypeModal open={open} onClose={() => setOpen(false)} editing={editing} />
      <SellPackModal open={selling} onClose={() => setSelling(false)} types={types.data ?? []} />
    </div>
  );
}

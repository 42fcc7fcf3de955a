import type { ClassType } from '@akhada/contracts';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { PlusIcon } from '../../../components/icons/plus';
import { Modal } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast';
import { formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useArchiveClassType, useClassTypes, useTrainerOptions } from '../api/scheduling-api';
import { ClassTypeModal } from '../components/class-type-modal';
import { QueryView } from '../components/scheduling-states';
import { StaffNav } from '../components/staff-nav';
import { useScheduleLocation } from '../lib/use-schedule-location';
import '../scheduling.css';

/** /dashboard/classes/types: the organization's class types, with add, edit and archive. */
export function ClassTypesPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('scheduling:types.title'));
  const toast = useToast();
  const { describe } = useErrorText();
  const { locationId } = useScheduleLocation();
  const types = useClassTypes();
  const trainers = useTrainerOptions(locationId);
  const archive = useArchiveClassType();
  const [editing, setEditing] = useState<ClassType | null>(null);
  const [open, setOpen] = useState(false);
  const [archiving, setArchiving] = useState<ClassType | null>(null);
  const names = new Map((trainers.data ?? []).map((tr) => [tr.id, tr.name]));
  const edit = (c: ClassType | null) => {
    setEditing(c);
    setOpen(true);
  };
  const onArchive = (c: ClassType) =>
    archive.mutate(c.id, {
      onSuccess: () => {
        setArchiving(null);
        toast.success(t('scheduling:types.archived', { name: c.name }));
      },
      onError: (e) => toast.error(describe(e)),
    });

  return (
    <div className="page sched-page">
      <PageHeader
        title={t('scheduling:types.title')}
        subtitle={t('scheduling:types.subtitle')}
        actions={
          <button type="button" className="btn btn--primary" onClick={() => edit(null)} data-testid="add-class-type">
            <PlusIcon size={16} />
            {t('scheduling:types.add')}
          </button>
        }
      />
      <StaffNav />
      <QueryView query={types} loading={t('scheduling:common.loading')} errorTitle={t('scheduling:common.loadError')}>
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('scheduling:types.empty')} hint={t('scheduling:types.emptyHint')} />
            </div>
          ) : (
            <ul className="sched-types" data-testid="class-types">
              {list.map((c) => (
                <li key={c.id} className="card sched-type" style={{ '--class-colour': c.colour } as CSSProperties} data-testid="class-type-row">
                  <div className="sched-type__main">
                    <h2 className="sched-type__name">{c.name}</h2>
                    <p className="sched-muted">
                      {t(`scheduling:category.${c.category}`)} · {t('scheduling:types.minutes', { count: c.durationMinutes })} ·{' '}
                      {t('scheduling:types.places', { count: c.defaultCapacity })}
                      {c.defaultTrainerId && names.get(c.defaultTrainerId) ? ` · ${names.get(c.defaultTrainerId)}` : ''}
                    </p>
                    <p className="sched-muted">
                      {c.plans.length === 0 ? t('scheduling:types.everyPlan') : c.plans.map((p) => t(`scheduling:plan.${p}`)).join(', ')}
                      {c.dropInPricePaise !== null ? ` · ${t('scheduling:types.dropIn')}: ${formatMoney(c.dropInPricePaise / 100, { exact: true })}` : ''}
                    </p>
                  </div>
                  <div className="sched-type__actions">
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      onClick={() => edit(c)}
                      aria-label={t('scheduling:types.edit', { name: c.name })}
                    >
                      {t('scheduling:types.editShort')}
                    </button>
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      onClick={() => setArchiving(c)}
                      disabled={archive.isPending}
                      aria-label={t('scheduling:types.archive', { name: c.name })}
                    >
                      {t('scheduling:types.archiveShort')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <Modal
        open={archiving !== null}
        onClose={() => setArchiving(null)}
        title={t('scheduling:types.archiveTitle', { name: archiving?.name ?? '' })}
        size="sm"
        testId="archive-class-type-modal"
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setArchiving(null)} data-autofocus>
              {t('scheduling:types.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--primary sched-danger"
              disabled={archive.isPending}
              onClick={() => archiving && onArchive(archiving)}
              data-testid="archive-class-type-confirm"
            >
              {t('scheduling:types.archiveShort')}
            </button>
          </>
        }
      >
        <p>{t('scheduling:types.archiveDescription')}</p>
      </Modal>
      <ClassTypeModal open={open} onClose={() => setOpen(false)} editing={editing} trainers={trainers.data ?? []} />
    </div>
  );
}

import type { Feedback } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useAssignees, useFeedbackList, useFeedbackMutations, useTrainerOptions, type ListParams } from '../api/feedback-api';
import { ageHours, SLA_HOURS, useFlash } from '../lib/use-flash';
import { PriorityBadge, Stars, StatusBadge } from './ticket-bits';

const TYPES = ['general', 'trainer', 'facility', 'service', 'membership', 'complaint'] as const;
const STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

function Age({ f }: { f: Feedback }) {
  const { t } = useTranslation(ALL_NS);
  const hours = ageHours(f.createdAt);
  const settled = f.status === 'resolved' || f.status === 'closed';
  const overdue = !settled && !f.firstRespondedAt && hours > (SLA_HOURS[f.priority ?? 'medium'] ?? 48);
  return (
    <span className={`fb-age${overdue ? ' fb-age--overdue' : ''}`} data-testid="fb-age">
      {t('feedback:manage.age')}:{' '}
      {hours < 48 ? t('feedback:manage.ageHours', { count: Math.floor(hours) }) : t('feedback:manage.ageDays', { count: Math.floor(hours / 24) })}
      {overdue ? ` · ${t('feedback:manage.overdue')}` : ''}
    </span>
  );
}

function Ticket({
  f,
  assignees,
  onDone,
}: {
  f: Feedback;
  assignees: { _id: string; firstName: string; lastName: string }[];
  onDone: (ok: boolean, text: string) => void;
}) {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const m = useFeedbackMutations();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const run = async (work: () => Promise<unknown>, ok: string) => {
    try {
      await work();
      onDone(true, ok);
    } catch (err) {
      onDone(false, describe(err, { fallback: t('feedback:manage.failed') }));
    }
  };
  const author = f.member ? `${f.member.firstName} ${f.member.lastName}`.trim() : t('feedback:manage.anonymous');
  return (
    <li className="fb-item" data-testid="fb-ticket">
      <button type="button" className="fb-item__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="fb-item__head">
          <span className="fb-item__title">
            {f.emoji ? <span aria-hidden="true">{f.emoji} </span> : null}
            {f.title}
          </span>
          <StatusBadge status={f.status} />
        </span>
        <span className="fb-item__meta">
          <span className="badge badge--neutral">{t(`feedback:types.${f.type}`)}</span>
          {f.priority ? <PriorityBadge priority={f.priority} /> : null}
          {f.complaintCategory ? <span className="badge badge--neutral">{t(`feedback:categories.${f.complaintCategory}`)}</span> : null}
          <Stars value={f.rating.overall} />
          <span className="text-muted">
            {t('feedback:manage.from_member')}: {author}
          </span>
          {f.trainer ? <span className="text-muted">· {`${f.trainer.firstName} ${f.trainer.lastName}`.trim()}</span> : null}
          <Age f={f} />
        </span>
      </button>
      {open ? (
        <div className="fb-item__body">
          <p className="fb-item__text">{f.description}</p>
          {f.tags.length ? (
            <p className="fb-item__tags">
              {f.tags.map((tag) => (
                <span key={tag} className="badge badge--neutral">
                  #{tag}
                </span>
              ))}
            </p>
          ) : null}
          {f.responses.map((r, i) => (
            <div key={i} className="fb-response">
              <p className="fb-response__by">
                {t('feedback:my.response', { name: `${r.respondedBy.firstName} ${r.respondedBy.lastName}`.trim() })} ·{' '}
                <span className="text-muted">{formatDateTime(r.respondedAt, i18n.language)}</span>
              </p>
              <p className="fb-response__text">{r.message}</p>
            </div>
          ))}
          <div className="fb-controls">
            <label className="fb-inline-field">
              <span>{t('feedback:manage.assignee')}</span>
              <select
                className="input select"
                value={f.assignedTo?._id ?? ''}
                onChange={(e) => void run(() => m.assign.mutateAsync({ id: f._id, assigneeId: e.target.value || null }), t('feedback:manage.updated'))}
                data-testid="fb-assign"
              >
                <option value="">{t('feedback:manage.unassigned')}</option>
                {assignees.map((a) => (
                  <option key={a._id} value={a._id}>
                    {`${a.firstName} ${a.lastName}`.trim()}
                  </option>
                ))}
              </select>
            </label>
            <label className="fb-inline-field">
              <span>{t('feedback:manage.changeStatus')}</span>
              <select
                className="input select"
                value={f.status}
                onChange={(e) =>
                  void run(() => m.status.mutateAsync({ id: f._id, status: e.target.value as Feedback['status'] }), t('feedback:manage.updated'))
                }
                data-testid="fb-change-status"
              >
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`feedback:statuses.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`fb-resp-${f._id}`}>
              {t('feedback:manage.respond')}
            </label>
            <textarea
              id={`fb-resp-${f._id}`}
              className="input fb-textarea"
              rows={3}
              value={message}
              placeholder={t('feedback:manage.responsePlaceholder')}
              onChange={(e) => setMessage(e.target.value)}
              data-testid="fb-response-text"
            />
          </div>
          <div className="fb-item__actions">
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={!message.trim() || m.respond.isPending}
              onClick={() => void run(async () => (await m.respond.mutateAsync({ id: f._id, message }), setMessage('')), t('feedback:manage.responded'))}
              data-testid="fb-send-response"
            >
              {t('feedback:manage.sendResponse')}
            </button>
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={!message.trim() || m.respond.isPending || f.status === 'resolved' || f.status === 'closed'}
              onClick={() =>
                void run(async () => (await m.respond.mutateAsync({ id: f._id, message, status: 'resolved' }), setMessage('')), t('feedback:manage.responded'))
              }
              data-testid="fb-send-resolve"
            >
              {t('feedback:manage.sendAndResolve')}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm fb-danger"
              onClick={() => {
                if (window.confirm(t('feedback:manage.archiveConfirm'))) void run(() => m.remove.mutateAsync(f._id), t('feedback:manage.updated'));
              }}
            >
              {t('feedback:manage.archive')}
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** Manage Feedback: the working queue with filters, assignment, responses, status and SLA age. */
export function ManageSection() {
  const { t } = useTranslation(ALL_NS);
  const [filters, setFilters] = useState<ListParams>({ page: 1, limit: 10 });
  const list = useFeedbackList(filters);
  const assignees = useAssignees(true);
  const trainers = useTrainerOptions();
  const flash = useFlash();
  const set = (k: keyof ListParams, v: string) => setFilters((f) => ({ ...f, [k]: v === '' ? undefined : k === 'rating' ? Number(v) : v, page: 1 }));
  const select = (k: 'type' | 'status' | 'priority', options: readonly string[], prefix: string) => (
    <label className="fb-inline-field">
      <span>{t(`feedback:manage.${k}`)}</span>
      <select className="input select" value={(filters[k] as string | undefined) ?? ''} onChange={(e) => set(k, e.target.value)} data-testid={`fb-filter-${k}`}>
        <option value="">{t('feedback:manage.any')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`feedback:${prefix}.${o}` as 'feedback:types.general')}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section className="card fb-card" aria-labelledby="fb-manage-h">
      <div className="fb-card__head">
        <h2 id="fb-manage-h" className="card__title">
          {t('feedback:manage.heading')}
        </h2>
        {list.data ? <span className="text-muted">{t('feedback:manage.total', { count: list.data.totalCount })}</span> : null}
      </div>
      <div className="fb-filters" role="group" aria-label={t('feedback:manage.filters')}>
        {select('type', TYPES, 'types')}
        {select('status', STATUSES, 'statuses')}
        {select('priority', PRIORITIES, 'priorities')}
        <label className="fb-inline-field">
          <span>{t('feedback:manage.trainer')}</span>
          <select className="input select" value={filters.trainerId ?? ''} onChange={(e) => set('trainerId', e.target.value)} data-testid="fb-filter-trainer">
            <option value="">{t('feedback:manage.any')}</option>
            {(trainers.data ?? []).map((tr) => (
              <option key={tr.id} value={tr.id}>
                {tr.name}
              </option>
            ))}
          </select>
        </label>
        <label className="fb-inline-field">
          <span>{t('feedback:manage.rating')}</span>
          <select className="input select" value={filters.rating ?? ''} onChange={(e) => set('rating', e.target.value)} data-testid="fb-filter-rating">
            <option value="">{t('feedback:manage.any')}</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {'★'.repeat(n)}
              </option>
            ))}
          </select>
        </label>
        <label className="fb-inline-field">
          <span>{t('feedback:manage.from')}</span>
          <input type="date" className="input" value={filters.from ?? ''} onChange={(e) => set('from', e.target.value)} />
        </label>
        <label className="fb-inline-field">
          <span>{t('feedback:manage.to')}</span>
          <input type="date" className="input" value={filters.to ?? ''} onChange={(e) => set('to', e.target.value)} />
        </label>
        <label className="fb-inline-field fb-inline-field--grow">
          <span>{t('feedback:manage.search')}</span>
          <input
            className="input"
            value={filters.search ?? ''}
            placeholder={t('feedback:manage.searchPlaceholder')}
            onChange={(e) => set('search', e.target.value)}
          />
        </label>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setFilters({ page: 1, limit: 10 })}>
          {t('feedback:manage.clear')}
        </button>
      </div>
      {flash.flash ? (
        <Alert tone={flash.flash.tone} testId={`fb-manage-${flash.flash.tone}`}>
          {flash.flash.text}
        </Alert>
      ) : null}
      {list.isPending ? (
        <div className="state">
          <Spinner />
        </div>
      ) : list.isError ? (
        <Alert tone="error">{t('feedback:manage.loadFailed')}</Alert>
      ) : list.data.data.length === 0 ? (
        <EmptyState title={t('feedback:manage.empty')} />
      ) : (
        <ul className="fb-list" data-testid="fb-queue">
          {list.data.data.map((f) => (
            <Ticket key={f._id} f={f} assignees={assignees.data ?? []} onDone={(ok, text) => (ok ? flash.success(text) : flash.error(text))} />
          ))}
        </ul>
      )}
      {list.data ? (
        <Pagination page={filters.page ?? 1} totalPages={list.data.pagination.totalPages} onChange={(page) => setFilters((f) => ({ ...f, page }))} />
      ) : null}
    </section>
  );
}

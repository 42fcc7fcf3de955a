import type { Location, Trainer } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { SearchIcon } from '../../../components/icons/search';
import { UsersIcon } from '../../../components/icons/users';
import { Modal } from '../../../components/modal';
import { LoadingState } from '../../../components/spinner';
import { UserAvatar } from '../../../components/user-avatar';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { ASSIGNABLE_LIMIT, useAssignableMembers } from '../api/get-assignable-members';
import { useAssignMember } from '../api/trainer-mutations';
import { initials } from '../lib/trainer-labels';

/**
 * Assign: pick members of the trainer's location who have no trainer yet. Each pick is sent at once
 * (POST /members/:id/assign-trainer); a refusal (the trainer is full or unavailable) shows the server's message.
 */
export function AssignDialog({ trainer, location, onClose }: { trainer: Trainer | null; location: Location | undefined; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <Modal
      open={trainer !== null}
      onClose={onClose}
      title={trainer ? t('trainers:assign.title', { name: trainer.fullName }) : ''}
      description={location ? t('trainers:assign.description', { location: location.name }) : t('trainers:assign.descriptionNoLocation')}
      testId="assign-dialog"
      footer={
        <button type="button" className="btn btn--secondary" onClick={onClose} data-testid="assign-close">
          {t('trainers:assign.close')}
        </button>
      }
    >
      {trainer ? <AssignBody trainer={trainer} /> : null}
    </Modal>
  );
}

function AssignBody({ trainer }: { trainer: Trainer }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const query = useAssignableMembers(trainer.locationId, search);
  const assign = useAssignMember();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSearch(draft.trim());
  };
  const pick = (memberId: string, name: string) => {
    if (assign.isPending) return;
    setPendingId(memberId);
    assign.mutate(
      { memberId, trainerId: trainer._id },
      {
        onSuccess: () => toast.success(t('trainers:assign.assigned', { member: name, trainer: trainer.fullName })),
        onSettled: () => setPendingId(null),
      },
    );
  };
  const members = query.data?.members ?? [];

  return (
    <div className="assign">
      <p className="assign__capacity" data-testid="assign-capacity" aria-live="polite">
        {t('trainers:assign.capacity', { capacity: trainer.clientCapacity })}
        {trainer.availabilityStatus === 'fully_booked' ? <span className="badge badge--warning">{t('trainers:assign.full')}</span> : null}
        {trainer.availabilityStatus === 'unavailable' ? <span className="badge badge--danger">{t('trainers:assign.unavailableNote')}</span> : null}
      </p>
      <form className="assign__search" role="search" onSubmit={onSearch}>
        <label htmlFor="assign-search" className="visually-hidden">
          {t('trainers:assign.search')}
        </label>
        <div className="input-icon">
          <SearchIcon size={18} className="input-icon__icon" />
          <input
            id="assign-search"
            type="search"
            className="input"
            maxLength={100}
            placeholder={t('trainers:assign.searchPlaceholder')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="assign-search"
            data-autofocus
          />
        </div>
        <button type="submit" className="btn btn--secondary">
          {t('trainers:assign.searchButton')}
        </button>
      </form>
      {assign.isError ? (
        <Alert tone="error" testId="assign-error">
          {describe(assign.error, { fallback: t('trainers:assign.failed') })}
        </Alert>
      ) : null}
      {query.isPending ? (
        <LoadingState title={t('trainers:assign.loading')} />
      ) : query.isError ? (
        <ErrorState error={query.error} title={t('trainers:assign.errorTitle')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : members.length === 0 ? (
        <EmptyState icon={<UsersIcon size={28} />} title={search ? t('trainers:assign.emptySearch') : t('trainers:assign.empty')} />
      ) : (
        <>
          <ul className="assign__list" aria-label={t('trainers:assign.search')} aria-busy={query.isFetching}>
            {members.map((m) => (
              <li key={m._id} className="assign__item" data-testid="assign-member">
                <UserAvatar person={{ ...m.user, avatarUrl: m.avatarUrl }} size="sm" initials={initials(m.user.firstName, m.user.lastName)} />
                <span className="trainer-person__text">
                  <span className="trainer-person__name">{m.fullName}</span>
                  <span className="trainer-person__sub">
                    {m.user.phone} · {m.user.email}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn btn--primary btn--sm"
                  onClick={() => pick(m._id, m.fullName)}
                  disabled={assign.isPending}
                  aria-label={t('trainers:assign.assignLabel', { name: m.fullName })}
                  data-testid="assign-pick"
                >
                  {pendingId === m._id ? t('trainers:assign.assigning') : t('trainers:assign.assign')}
                </button>
              </li>
            ))}
          </ul>
          {query.data.more ? <p className="text-muted assign__more">{t('trainers:assign.more', { count: ASSIGNABLE_LIMIT })}</p> : null}
        </>
      )}
    </div>
  );
}

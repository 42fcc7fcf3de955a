import type { Member, Trainer } from '@akhada/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { Modal } from '../../../components/modal';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useAssignTrainer } from '../api/assign-trainer';
import { useTrainerChoices } from '../api/get-trainer-choices';

const FORM_ID = 'assign-trainer-form';

/**
 * Assign Trainer: the trainers of the member's location with their availability and clients ("8/15"); a trainer who
 * is full or marked unavailable cannot be chosen, and says why. The server's refusal (it checks again) is shown.
 */
export function AssignTrainerDialog({ member, open, onClose }: { member: Member; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const assign = useAssignTrainer();
  const close = () => {
    assign.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('members:assign.title')}
      description={t('members:assign.description', { name: member.fullName })}
      testId="assign-trainer-dialog"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('members:common.cancel')}
          </button>
          <button type="submit" form={FORM_ID} className="btn btn--primary" disabled={assign.isPending} data-testid="assign-trainer-submit">
            {assign.isPending ? t('members:assign.submitting') : t('members:assign.submit')}
          </button>
        </>
      }
    >
      {open ? <TrainerPicker member={member} assign={assign} onDone={close} /> : null}
    </Modal>
  );
}

function TrainerPicker({ member, assign, onDone }: { member: Member; assign: ReturnType<typeof useAssignTrainer>; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const trainers = useTrainerChoices(member.locationId, true);
  const [chosen, setChosen] = useState<string>(member.trainer?._id ?? '');
  const [missing, setMissing] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const legendId = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (assign.isPending) return;
    if (!chosen) {
      setMissing(true);
      return;
    }
    assign.mutate(
      { id: member._id, trainerId: chosen },
      {
        onSuccess: (m) => {
          const trainer = trainers.data?.find((x) => x._id === chosen);
          toast.success(t('members:assign.success', { name: m.fullName, trainer: trainer?.fullName ?? '' }));
          onDone();
        },
        onError: () => setAttempts((n) => n + 1),
      },
    );
  };

  if (trainers.isPending) return <LoadingState title={t('members:assign.loading')} />;
  if (trainers.isError) {
    return <ErrorState error={trainers.error} title={t('members:assign.loadFailed')} onRetry={() => void trainers.refetch()} retrying={trainers.isFetching} />;
  }
  if (trainers.data.length === 0) {
    return <EmptyState icon={<DumbbellIcon size={28} />} title={t('members:assign.none')} hint={t('members:assign.noneHint')} />;
  }
  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate className="form" aria-busy={assign.isPending || undefined}>
      {assign.isError ? (
        <Alert tone="error" shake={attempts} testId="assign-trainer-error">
          {describe(assign.error, { fallback: t('members:assign.failed') })}
        </Alert>
      ) : null}
      <fieldset className="trainer-choices" aria-describedby={missing ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="field__label">
          {t('members:assign.legend')}
        </legend>
        {trainers.data.map((tr, i) => (
          <TrainerChoice
            key={tr._id}
            trainer={tr}
            checked={chosen === tr._id}
            current={member.trainer?._id === tr._id}
            autoFocus={i === 0}
            onChoose={() => {
              setChosen(tr._id);
              setMissing(false);
            }}
          />
        ))}
        {missing ? (
          <p className="field__error" id={`${legendId}-error`} role="alert">
            {t('members:assign.chooseOne')}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}

function TrainerChoice({
  trainer,
  checked,
  current,
  autoFocus,
  onChoose,
}: {
  trainer: Trainer;
  checked: boolean;
  current: boolean;
  autoFocus: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation(ALL_NS);
  const id = useId();
  const blocked = !current && trainer.availabilityStatus !== 'available';
  const reason =
    trainer.availabilityStatus === 'fully_booked'
      ? t('members:assign.full')
      : trainer.availabilityStatus === 'unavailable'
        ? t('members:assign.unavailable')
        : null;
  return (
    <label className={`trainer-choice${blocked ? ' trainer-choice--blocked' : ''}${checked ? ' trainer-choice--checked' : ''}`} htmlFor={id}>
      <input
        id={id}
        type="radio"
        name="trainerId"
        value={trainer._id}
        checked={checked}
        disabled={blocked}
        onChange={onChoose}
        data-autofocus={autoFocus && !blocked ? true : undefined}
        aria-describedby={`${id}-facts`}
        data-testid="trainer-choice"
      />
      <span className="trainer-choice__text">
        <span className="trainer-choice__name">
          {trainer.fullName}
          {current ? <span className="badge badge--info">{t('members:assign.current')}</span> : null}
        </span>
        <span className="trainer-choice__facts" id={`${id}-facts`}>
          {trainer.specialization.map((s) => t(`members:specializations.${s}`)).join(', ')}
          {' · '}
          <span data-testid="trainer-capacity">{t('members:assign.capacity', { capacity: trainer.clientCapacity })}</span>
          {reason ? (
            <>
              {' · '}
              <span className="text-danger">{reason}</span>
            </>
          ) : null}
        </span>
      </span>
      <span
        className={`badge badge--${trainer.availabilityStatus === 'available' ? 'success' : trainer.availabilityStatus === 'fully_booked' ? 'warning' : 'neutral'}`}
      >
        {t(`members:availability.${trainer.availabilityStatus}`)}
      </span>
    </label>
  );
}

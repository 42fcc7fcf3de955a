import { UpdateTrainerBody, type Specialization, type Trainer } from '@akhada/contracts';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { EmailField, PhoneField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useUpdateTrainer, type UpdateTrainerInput } from '../api/trainer-mutations';
import { integerFromInput } from '../lib/form-numbers';
import { SpecializationToggles } from './specialization-toggles';

const FORM_ID = 'edit-trainer-form';

/** Edit: the trainer's details, capacity (maxClients) and availability (isAvailable). */
export function EditTrainerDialog({ trainer, open, onClose }: { trainer: Trainer; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const update = useUpdateTrainer();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('trainers:edit.title')}
      size="lg"
      testId="edit-trainer-dialog"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('trainers:add.cancel')}
          </button>
          <button type="submit" form={FORM_ID} className="btn btn--primary" disabled={update.isPending} data-testid="edit-trainer-submit">
            {update.isPending ? t('trainers:edit.saving') : t('trainers:edit.save')}
          </button>
        </>
      }
    >
      {open ? <EditForm trainer={trainer} update={update} onDone={close} /> : null}
    </Modal>
  );
}

interface EditForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  specialization: Specialization[];
  experience: string;
  hourlyRate: string;
  maxClients: string;
  bio: string;
  isAvailable: boolean;
}

function EditForm({ trainer, update, onDone }: { trainer: Trainer; update: ReturnType<typeof useUpdateTrainer>; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<EditForm, typeof UpdateTrainerBody>(UpdateTrainerBody, {
    defaultValues: {
      firstName: trainer.user.firstName,
      lastName: trainer.user.lastName,
      email: trainer.user.email,
      phone: trainer.user.phone,
      specialization: trainer.specialization,
      experience: String(trainer.experience),
      hourlyRate: String(trainer.hourlyRate),
      maxClients: String(trainer.maxClients),
      bio: trainer.bio,
      isAvailable: trainer.isAvailable,
    },
    toBody: ({ experience, hourlyRate, maxClients, ...v }): UpdateTrainerInput => ({
      ...v,
      experience: integerFromInput(experience) as number,
      hourlyRate: rupeesFromInput(hourlyRate) as number,
      maxClients: integerFromInput(maxClients) as number,
      expectedVersion: trainer.version,
    }),
  });
  const onSubmit = (body: UpdateTrainerInput) => {
    if (update.isPending) return;
    update.mutate(
      { id: trainer._id, body },
      {
        onSuccess: () => {
          toast.success(t('trainers:edit.saved'));
          onDone();
        },
        onError: (e) => {
          applyServerErrors(form, e);
          setAttempts((n) => n + 1);
        },
      },
    );
  };
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={update.isPending}>
      {update.isError ? (
        <Alert tone="error" shake={attempts} testId="edit-trainer-error">
          {describe(update.error, { fallback: t('trainers:edit.failed') })}
        </Alert>
      ) : null}
      <div className="form__grid">
        <TextField name="firstName" label={t('trainers:add.firstName')} maxLength={50} required data-autofocus />
        <TextField name="lastName" label={t('trainers:add.lastName')} maxLength={50} required />
        <EmailField name="email" label={t('trainers:add.email')} required />
        <PhoneField name="phone" label={t('trainers:add.phone')} required />
        <SpecializationToggles name="specialization" label={t('trainers:add.specialization')} hint={t('trainers:add.specializationHint')} />
        <TextField name="experience" label={t('trainers:add.experience')} inputMode="numeric" required />
        <MoneyField name="hourlyRate" label={t('trainers:add.hourlyRate')} required />
        <TextField name="maxClients" label={t('trainers:add.maxClients')} inputMode="numeric" required hint="1–50" testId="edit-max-clients" />
        <AvailableSwitch />
        <TextareaField name="bio" label={t('trainers:add.bio')} rows={3} maxLength={1000} optional fieldClassName="trainer-wide" />
      </div>
    </Form>
  );
}

function AvailableSwitch() {
  const { t } = useTranslation(ALL_NS);
  const { register } = useFormContext<EditForm>();
  return (
    <div className="field trainer-switch">
      <label className="trainer-switch__label">
        <input type="checkbox" {...register('isAvailable')} data-testid="edit-is-available" aria-describedby="edit-available-hint" />
        <span>{t('trainers:edit.isAvailable')}</span>
      </label>
      <p className="field__hint" id="edit-available-hint">
        {t('trainers:edit.isAvailableHint')}
      </p>
    </div>
  );
}

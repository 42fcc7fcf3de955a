import { UpdateTrainerBody, type Specialization, type Trainer } from '@akhada/contracts';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { FormError, useFormFailure } from '../../../components/form/form-error';
import { closeResetting, FormModal } from '../../../components/form/form-modal';
import { rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { EmailField, PhoneField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useToast } from '../../../components/toast';
import { ALL_NS } from '../../../locales/resources';
import { useUpdateTrainer, type UpdateTrainerInput } from '../api/trainer-mutations';
import { integerFromInput } from '../lib/form-numbers';
import { SpecializationToggles } from './specialization-toggles';

const FORM_ID = 'edit-trainer-form';

/** Edit: the trainer's details, capacity (maxClients) and availability (isAvailable). */
export function EditTrainerDialog({ trainer, open, onClose }: { trainer: Trainer; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const update = useUpdateTrainer();
  const close = closeResetting(onClose, update);
  return (
    <FormModal
      open={open}
      onClose={close}
      title={t('trainers:edit.title')}
      size="lg"
      testId="edit-trainer-dialog"
      formId={FORM_ID}
      busy={update.isPending}
      cancelLabel={t('trainers:add.cancel')}
      submitLabel={t('trainers:edit.save')}
      busyLabel={t('trainers:edit.saving')}
      submitTestId="edit-trainer-submit"
    >
      <EditForm trainer={trainer} update={update} onDone={close} />
    </FormModal>
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
  const { attempts, failed } = useFormFailure(form);
  const onSubmit = (body: UpdateTrainerInput) => {
    if (update.isPending) return;
    update.mutate(
      { id: trainer._id, body },
      {
        onSuccess: () => {
          toast.success(t('trainers:edit.saved'));
          onDone();
        },
        onError: failed,
      },
    );
  };
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={update.isPending}>
      <FormError error={update.error} attempts={attempts} fallback={t('trainers:edit.failed')} testId="edit-trainer-error" />
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

import { Gender, UpdateMemberBody, type Member } from '@akhada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { DateField, EmailField, PhoneField, TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-error';
import { memberKeys } from '../../../lib/query-keys/members';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useUpdateMember, type UpdateMemberInput } from '../api/update-member';

const FORM_ID = 'edit-member-form';

/** Edit Profile: the member's personal details, saved with the version the editor saw. */
export function EditProfileDialog({ member, open, onClose }: { member: Member; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const update = useUpdateMember();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('members:edit.title')}
      description={t('members:add.description')}
      testId="edit-member-dialog"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('members:common.cancel')}
          </button>
          <button type="submit" form={FORM_ID} className="btn btn--primary" disabled={update.isPending} data-testid="edit-member-submit">
            {update.isPending ? t('members:edit.submitting') : t('members:edit.submit')}
          </button>
        </>
      }
    >
      {open ? <EditForm member={member} update={update} onDone={close} /> : null}
    </Modal>
  );
}

type EditForm = { firstName: string; lastName: string; email: string; phone: string; dateOfBirth: string; gender: '' | (typeof Gender.options)[number] };

function EditForm({ member, update, onDone }: { member: Member; update: ReturnType<typeof useUpdateMember>; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<EditForm, typeof UpdateMemberBody>(UpdateMemberBody, {
    defaultValues: {
      firstName: member.user.firstName,
      lastName: member.user.lastName,
      email: member.user.email,
      phone: member.user.phone,
      dateOfBirth: member.dateOfBirth ?? '',
      gender: member.gender ?? '',
    },
    toBody: ({ dateOfBirth, gender, ...v }: EditForm): UpdateMemberInput => ({
      ...v,
      dateOfBirth: dateOfBirth || null,
      gender: gender || null,
      expectedVersion: member.version,
    }),
  });
  const qc = useQueryClient();
  // Someone saved the member after this form was opened (a 409 that is not about a field, e.g. an email in use).
  const conflict = update.error instanceof ApiError && update.error.status === 409 && update.error.details.length === 0 && update.error.code !== 'EMAIL_TAKEN';
  const reload = () => {
    void qc.invalidateQueries({ queryKey: memberKeys.all });
    onDone();
  };

  const onSubmit = (body: UpdateMemberInput) => {
    if (update.isPending) return;
    update.mutate(
      { id: member._id, body },
      {
        onSuccess: (m) => {
          toast.success(t('members:edit.success', { name: m.fullName }));
          onDone();
        },
        onError: (error) => {
          applyServerErrors(form, error);
          setAttempts((n) => n + 1);
        },
      },
    );
  };

  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={update.isPending}>
      {update.isError ? (
        <Alert tone="error" shake={attempts} testId="edit-member-error">
          {conflict ? (
            <>
              {t('members:edit.conflict')}{' '}
              <button type="button" className="btn btn--secondary btn--sm" onClick={reload} data-testid="edit-member-reload">
                {t('members:edit.reload')}
              </button>
            </>
          ) : (
            describe(update.error, { fallback: t('members:edit.failed') })
          )}
        </Alert>
      ) : null}
      <div className="form__grid">
        <TextField name="firstName" label={t('members:add.firstName')} autoComplete="off" maxLength={50} required data-autofocus />
        <TextField name="lastName" label={t('members:add.lastName')} autoComplete="off" maxLength={50} required />
        <EmailField name="email" label={t('members:add.email')} autoComplete="off" required />
        <PhoneField name="phone" label={t('members:add.phone')} autoComplete="off" required />
        <DateField name="dateOfBirth" label={t('members:detail.dateOfBirth')} optional />
        <SelectField
          name="gender"
          label={t('members:detail.gender')}
          optional
          options={[{ value: '', label: t('members:add.genderUnset') }, ...Gender.options.map((g) => ({ value: g, label: t(`members:detail.genders.${g}`) }))]}
        />
      </div>
    </Form>
  );
}

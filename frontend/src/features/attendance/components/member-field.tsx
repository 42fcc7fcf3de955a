import { useEffect, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/form-field';
import { i18nRef, REQUIRED } from '../../../components/form/field-message';
import { MemberPicker, type PickedMember } from '../../../components/member-picker';
import { ALL_NS } from '../../../locales/resources';

/** The member of a check-in form: `memberId` is what is sent, `memberText` what was typed without picking. */
export interface MemberValues {
  memberId: string;
  memberText: string;
}

const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The desk's member field: a search as one types (name, phone or member ID) that sets `memberId` to the member picked.
 * A member id typed or scanned in full is taken as it is. Remount it (a new `key`) when its form is reset.
 */
export function CheckInMemberField({ testId, autoFocus }: { testId: string; autoFocus?: boolean }) {
  const { t } = useTranslation(ALL_NS);
  const {
    setValue,
    setError,
    getValues,
    formState: { errors, submitCount },
  } = useFormContext<MemberValues>();
  const { field } = useController<MemberValues, 'memberId'>({ name: 'memberId' });
  const [chosen, setChosen] = useState<PickedMember | null>(null);
  // The contract's "Please enter a member ID" when nothing was picked; when a name was typed but not picked from the
  // list, saying so is the useful message.
  const error = errors.memberId;
  useEffect(() => {
    if (error?.type === REQUIRED && getValues('memberText').trim())
      setError('memberId', { type: 'custom', message: i18nRef('attendance:scan.quick.chooseMember') });
  }, [error, submitCount, getValues, setError]);
  return (
    <FormField name="memberId" label={t('attendance:scan.quick.member')} required>
      {(control) => (
        <MemberPicker
          control={control}
          chosen={chosen && chosen.id === field.value ? chosen : null}
          onChoose={(m) => {
            setChosen(m);
            setValue('memberText', '');
            field.onChange(m?.id ?? '');
          }}
          onTextChange={(text) => {
            setValue('memberText', text);
            field.onChange(MEMBER_ID.test(text) ? text : '');
          }}
          inputRef={field.ref}
          placeholder={t('attendance:scan.quick.memberPlaceholder')}
          testId={testId}
          autoFocus={autoFocus}
        />
      )}
    </FormField>
  );
}

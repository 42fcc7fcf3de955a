import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/form-field';
import { MemberPicker as SharedMemberPicker, type PickedMember } from '../../../components/member-picker';
import { ALL_NS } from '../../../locales/resources';

/** Picks the member who buys: the shared member search (name, phone, member id); sets `buyer.memberId`. */
export function MemberPicker() {
  const { t } = useTranslation(ALL_NS);
  const { setValue, watch } = useFormContext<{ buyer: { memberId: string } }>();
  const memberId = watch('buyer.memberId');
  const [chosen, setChosen] = useState<PickedMember | null>(null);
  return (
    <FormField name="buyer.memberId" label={t('pos:buyer.searchLabel')} required>
      {(control) => (
        <SharedMemberPicker
          control={control}
          chosen={memberId && chosen?.id === memberId ? chosen : null}
          onChoose={(m) => {
            setChosen(m);
            setValue('buyer.memberId', m?.id ?? '', { shouldValidate: Boolean(m) });
          }}
          placeholder={t('pos:buyer.searchPlaceholder')}
          testId="pos-member"
        />
      )}
    </FormField>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { MemberIdField, type PickedMember } from '../../../components/member-picker';
import { useToast } from '../../../components/toast';
import type { Translate } from '../../../lib/relative-time';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useBookClass } from '../api/scheduling-api';
import { refusalText } from '../lib/refusal';

/** Staff book a member into a class (a full class puts them on the waitlist); a refusal says why, as the member would see it. */
export function BookMemberForm({ classId }: { classId: string }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const book = useBookClass();
  const [chosen, setChosen] = useState<PickedMember | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const form = useForm<{ memberId: string }>({ defaultValues: { memberId: '' } });
  const onSubmit = ({ memberId }: { memberId: string }) => {
    if (!memberId || !chosen) {
      form.setError('memberId', { type: 'custom', message: 'Choose a member' }, { shouldFocus: true });
      return;
    }
    const name = chosen.name;
    book.mutate(
      { id: classId, memberId },
      {
        onSuccess: (b) => {
          toast.success(
            b.status === 'waitlisted' ? t('scheduling:detail.waitlistedFor', { name, position: b.position ?? 1 }) : t('scheduling:detail.bookedFor', { name }),
          );
          setChosen(null);
          form.reset();
          setPickerKey((k) => k + 1);
        },
      },
    );
  };
  return (
    <section className="sched-book-member" aria-labelledby="book-member-heading">
      <h2 className="card__title" id="book-member-heading">
        {t('scheduling:detail.bookMember')}
      </h2>
      <p className="sched-muted">{t('scheduling:detail.bookMemberHint')}</p>
      <Form form={form} onSubmit={onSubmit} busy={book.isPending} testId="book-member-form">
        {book.isError ? (
          <Alert tone="error" testId="book-member-error">
            {refusalText(book.error, t as unknown as Translate, i18n.language) ?? describe(book.error, { fallback: t('scheduling:detail.actionFailed') })}
          </Alert>
        ) : null}
        <div className="sched-book-member__row">
          <MemberIdField
            key={pickerKey}
            label={t('scheduling:detail.memberLabel')}
            chosen={chosen}
            onChoose={setChosen}
            placeholder={t('scheduling:detail.memberPlaceholder')}
            testId="book-member"
          />
          <button type="submit" className="btn btn--primary" disabled={book.isPending} data-testid="book-member-submit">
            {book.isPending ? t('scheduling:detail.booking') : t('scheduling:detail.book')}
          </button>
        </div>
      </Form>
    </section>
  );
}

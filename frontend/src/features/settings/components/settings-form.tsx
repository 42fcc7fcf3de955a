import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';

/** The part of a save mutation a settings form uses (a TanStack mutation is one). */
export interface SettingsSave<TBody, TData> {
  mutate(body: TBody, options: { onSuccess: (data: TData) => void; onError: (error: unknown) => void }): void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A settings form and its save, the same in every settings form: the form's body goes to `save`; on success `saved` is
 * toasted and `onSaved` gets the answer; issues that name a field land on it, any other failure is an alert under the
 * fields that shakes once per failed attempt (none before the first); the save button is there only for those who may
 * edit (`canEdit`), disabled while sending, with `submit.busyLabel` (if any) meanwhile.
 */
export function SettingsForm<TForm extends FieldValues, TBody, TData>({
  form,
  save,
  saved,
  onSaved,
  canEdit = true,
  testId,
  submit,
  errorTestId,
  children,
}: {
  form: UseFormReturn<TForm, unknown, TBody>;
  save: SettingsSave<TBody, TData>;
  /** The toast on success. */
  saved: string;
  onSaved?: (data: TData) => void;
  canEdit?: boolean;
  testId: string;
  submit: { label: string; busyLabel?: string; testId: string; tone?: 'primary' | 'secondary' };
  errorTestId?: string;
  children: ReactNode;
}) {
  const toast = useToast();
  const { describe } = useErrorText();
  const [failed, setFailed] = useState(0);
  return (
    <Form
      form={form}
      busy={save.isPending}
      testId={testId}
      onSubmit={(body) =>
        save.mutate(body, {
          onSuccess: (data) => {
            toast.success(saved);
            onSaved?.(data);
          },
          onError: (e) => {
            if (applyServerErrors(form, e) === 0) setFailed((n) => n + 1);
          },
        })
      }
    >
      {children}
      {failed && save.isError ? (
        <Alert tone="error" shake={failed} testId={errorTestId}>
          {describe(save.error)}
        </Alert>
      ) : null}
      {canEdit ? (
        <div className="form__actions">
          <button type="submit" className={`btn btn--${submit.tone ?? 'secondary'}`} disabled={save.isPending} data-testid={submit.testId}>
            {save.isPending && submit.busyLabel ? submit.busyLabel : submit.label}
          </button>
        </div>
      ) : null}
    </Form>
  );
}

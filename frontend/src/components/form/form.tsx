import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

/**
 * A form of the app: react-hook-form's context for its fields, the browser's own validation off (the contract
 * checks, in the UI language), focus on the first field with an error, and aria-busy while it is being sent.
 */
export function Form<TForm extends FieldValues, TOut>({
  form,
  onSubmit,
  busy,
  id,
  className,
  testId,
  children,
}: {
  form: UseFormReturn<TForm, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  busy?: boolean;
  id?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form
        id={id}
        onSubmit={form.handleSubmit(onSubmit)}
        noValidate
        className={`form${className ? ` ${className}` : ''}`}
        aria-busy={busy || undefined}
        data-testid={testId}
      >
        {children}
      </form>
    </FormProvider>
  );
}

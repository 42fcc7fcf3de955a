import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useFormFailure } from '../../../components/form/form-error';
import { useToast } from '../../../components/toast';

interface Mutation<TVars, TResult> {
  mutate: (vars: TVars, opts: { onSuccess: (result: TResult) => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
  error: unknown;
}

/**
 * The send of a form that adds a named thing (a class type, a pack type) or changes one (`editing`): the change with its
 * id, else the addition; on success a toast says `doneText(name, added)` and `onDone` runs; a failure lands on the
 * form's fields and in `error` (shown with `FormError` and `attempts`).
 */
export function useAddOrChange<T extends FieldValues, TBody, TResult extends { name: string }>({
  form,
  editing,
  create,
  update,
  doneText,
  onDone,
}: {
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>;
  editing: { id: string } | null;
  create: Mutation<TBody, TResult>;
  update: Mutation<{ id: string; body: TBody }, TResult>;
  doneText: (name: string, added: boolean) => string;
  onDone: () => void;
}) {
  const toast = useToast();
  const { attempts, failed } = useFormFailure(form);
  const done = (added: boolean) => (saved: TResult) => {
    toast.success(doneText(saved.name, added));
    onDone();
  };
  const onSubmit = (body: TBody) => {
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: done(false), onError: failed });
    else create.mutate(body, { onSuccess: done(true), onError: failed });
  };
  return { onSubmit, attempts, busy: create.isPending || update.isPending, error: create.error ?? update.error };
}

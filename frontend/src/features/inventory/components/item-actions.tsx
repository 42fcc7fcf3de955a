import { AssignItemBody, DisposeItemBody, MaintenanceBody, StockChangeBody, WriteOffReason, InventoryCondition, type InventoryItem } from '@akhada/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { optionalText, rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { DateField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useAssignItem, useChangeStock, useDisposeItem, useMaintenance, useSuppliers, useTrainerChoices } from '../api/inventory-api';
import { intFromInput } from '../lib/form-values';

export type ItemAction = 'receive' | 'adjust' | 'write_off' | 'assign' | 'start' | 'complete' | 'dispose';

interface StockForm {
  action: 'receive' | 'adjust' | 'write_off';
  quantity: string;
  batchNo: string;
  expiryDate: string;
  unitCost: string;
  supplierId: string;
  note: string;
  countedQuantity: string;
  reason: string;
  writeOffReason: string;
  batchId: string;
}

/** The stock form's text as PATCH /inventory/:id/stock's body for the chosen action. */
export function toStockBody(v: StockForm): unknown {
  if (v.action === 'receive')
    return {
      action: 'receive',
      quantity: intFromInput(v.quantity),
      batchNo: optionalText(v.batchNo),
      expiryDate: optionalText(v.expiryDate),
      unitCost: rupeesFromInput(v.unitCost),
      supplierId: optionalText(v.supplierId),
      note: optionalText(v.note),
    };
  if (v.action === 'adjust') return { action: 'adjust', countedQuantity: intFromInput(v.countedQuantity), reason: v.reason };
  return { action: 'write_off', quantity: intFromInput(v.quantity), reason: v.writeOffReason, batchId: optionalText(v.batchId), note: optionalText(v.note) };
}

function useResult() {
  const [attempts, setAttempts] = useState(0);
  return { attempts, failed: () => setAttempts((n) => n + 1) };
}

function StockActionForm({ item, action, onDone }: { item: InventoryItem; action: StockForm['action']; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const change = useChangeStock(item._id);
  const suppliers = useSuppliers(1, '', action === 'receive');
  const { attempts, failed } = useResult();
  const form = useContractForm<StockForm, typeof StockChangeBody>(StockChangeBody, {
    defaultValues: {
      action,
      quantity: '',
      batchNo: '',
      expiryDate: '',
      unitCost: item.costPrice === null ? '' : String(item.costPrice),
      supplierId: item.supplier?._id ?? '',
      note: '',
      countedQuantity: String(item.quantity),
      reason: '',
      writeOffReason: 'expired',
      batchId: '',
    },
    toBody: toStockBody,
  });
  const done = { receive: 'inventory:stock.received', adjust: 'inventory:stock.adjusted', write_off: 'inventory:stock.writtenOff' } as const;
  return (
    <Form
      form={form}
      busy={change.isPending}
      testId={`stock-form-${action}`}
      onSubmit={(body) =>
        change.mutate(body, {
          onSuccess: () => {
            toast.success(t(done[action]));
            onDone();
          },
          onError: (e) => {
            applyServerErrors(form, e);
            failed();
          },
        })
      }
    >
      {change.isError ? (
        <Alert tone="error" shake={attempts} testId="stock-error">
          {t('inventory:stock.error', { message: describe(change.error) })}
        </Alert>
      ) : null}
      {action === 'receive' ? (
        <div className="inv-grid">
          <TextField name="quantity" label={t('inventory:stock.quantity')} required inputMode="numeric" testId="stock-quantity" data-autofocus />
          <MoneyField name="unitCost" label={t('inventory:form.unitCost')} required testId="stock-unit-cost" />
          <TextField name="batchNo" label={t('inventory:form.batchNo')} optional maxLength={40} testId="stock-batch" />
          <DateField name="expiryDate" label={t('inventory:form.expiryDate')} optional testId="stock-expiry" />
          <SelectField
            name="supplierId"
            label={t('inventory:stock.supplier')}
            options={[{ value: '', label: t('inventory:form.noSupplier') }, ...(suppliers.data?.data ?? []).map((s) => ({ value: s._id, label: s.name }))]}
          />
          <TextField name="note" label={t('inventory:stock.note')} optional maxLength={200} />
        </div>
      ) : null}
      {action === 'adjust' ? (
        <div className="inv-grid">
          <TextField
            name="countedQuantity"
            label={t('inventory:stock.countedQuantity')}
            hint={t('inventory:stock.countedHint', { quantity: item.quantity })}
            required
            inputMode="numeric"
            testId="stock-counted"
            data-autofocus
          />
          <TextField name="reason" label={t('inventory:stock.reason')} required maxLength={200} testId="stock-reason" />
        </div>
      ) : null}
      {action === 'write_off' ? (
        <div className="inv-grid">
          <TextField name="quantity" label={t('inventory:stock.quantity')} required inputMode="numeric" testId="stock-quantity" data-autofocus />
          <SelectField
            name="writeOffReason"
            label={t('inventory:stock.reason')}
            options={WriteOffReason.options.map((r) => ({ value: r, label: t(`inventory:writeOffReason.${r}`) }))}
          />
          <SelectField
            name="batchId"
            label={t('inventory:stock.batch')}
            options={[
              { value: '', label: t('inventory:stock.anyBatch') },
              ...item.batches
                .filter((b) => b.quantity > 0)
                .map((b) => ({ value: b._id, label: `${b.batchNo ?? '—'} · ${b.quantity}${b.expiryDate ? ` · ${b.expiryDate}` : ''}` })),
            ]}
          />
          <TextField name="note" label={t('inventory:stock.note')} optional maxLength={200} />
        </div>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={change.isPending} data-testid="stock-submit">
          {t('inventory:stock.save')}
        </button>
      </div>
    </Form>
  );
}

interface AssignForm {
  kind: 'trainer' | 'room';
  assignTo: { trainerId: string; room: string };
}
export const toAssignBody = (v: AssignForm): unknown => ({
  assignTo: v.kind === 'trainer' ? { kind: 'trainer', trainerId: v.assignTo.trainerId } : { kind: 'room', room: v.assignTo.room },
});

function AssignForm({ item, onDone }: { item: InventoryItem; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const assign = useAssignItem(item._id);
  const trainers = useTrainerChoices(true);
  const { attempts, failed } = useResult();
  const form = useContractForm<AssignForm, typeof AssignItemBody>(AssignItemBody, {
    defaultValues: { kind: 'trainer', assignTo: { trainerId: '', room: '' } },
    toBody: toAssignBody,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <Form
      form={form}
      busy={assign.isPending}
      testId="assign-form"
      onSubmit={(body) =>
        assign.mutate(body, {
          onSuccess: () => {
            toast.success(t('inventory:assign.assigned'));
            onDone();
          },
          onError: (e) => {
            applyServerErrors(form, e);
            failed();
          },
        })
      }
    >
      {assign.isError ? (
        <Alert tone="error" shake={attempts} testId="assign-error">
          {t('inventory:assign.error', { message: describe(assign.error) })}
        </Alert>
      ) : null}
      <div className="inv-grid">
        <SelectField
          name="kind"
          label={t('inventory:assign.kind')}
          options={[
            { value: 'trainer', label: t('inventory:assign.trainer') },
            { value: 'room', label: t('inventory:assign.room') },
          ]}
          testId="assign-kind"
        />
        {kind === 'trainer' ? (
          <SelectField
            name="assignTo.trainerId"
            label={t('inventory:assign.trainer')}
            required
            options={[{ value: '', label: t('inventory:assign.chooseTrainer') }, ...(trainers.data ?? []).map((tr) => ({ value: tr._id, label: tr.fullName }))]}
            testId="assign-trainer"
          />
        ) : (
          <TextField name="assignTo.room" label={t('inventory:assign.roomName')} required maxLength={60} testId="assign-room" />
        )}
      </div>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={assign.isPending} data-testid="assign-submit">
          {t('inventory:assign.save')}
        </button>
      </div>
    </Form>
  );
}

interface ServiceForm {
  action: 'start' | 'complete';
  note: string;
  vendor: string;
  date: string;
  workDone: string;
  cost: string;
  nextDue: string;
  condition: string;
}
export const toServiceBody = (v: ServiceForm): unknown =>
  v.action === 'start'
    ? { action: 'start', note: optionalText(v.note), vendor: optionalText(v.vendor) }
    : {
        action: 'complete',
        date: v.date,
        workDone: v.workDone,
        cost: rupeesFromInput(v.cost),
        vendor: optionalText(v.vendor),
        nextDue: optionalText(v.nextDue),
        condition: optionalText(v.condition),
      };

export function ServiceActionForm({
  item,
  action,
  onDone,
  today,
}: {
  item: Pick<InventoryItem, '_id'>;
  action: ServiceForm['action'];
  onDone: () => void;
  today: string;
}) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const service = useMaintenance(item._id);
  const { attempts, failed } = useResult();
  const form = useContractForm<ServiceForm, typeof MaintenanceBody>(MaintenanceBody, {
    defaultValues: { action, note: '', vendor: '', date: today, workDone: '', cost: '', nextDue: '', condition: '' },
    toBody: toServiceBody,
  });
  return (
    <Form
      form={form}
      busy={service.isPending}
      testId={`service-form-${action}`}
      onSubmit={(body) =>
        service.mutate(body, {
          onSuccess: () => {
            toast.success(t(action === 'start' ? 'inventory:service.sent' : 'inventory:service.completed'));
            onDone();
          },
          onError: (e) => {
            applyServerErrors(form, e);
            failed();
          },
        })
      }
    >
      {service.isError ? (
        <Alert tone="error" shake={attempts} testId="service-error">
          {t('inventory:service.error', { message: describe(service.error) })}
        </Alert>
      ) : null}
      {action === 'start' ? (
        <div className="inv-grid">
          <TextField name="vendor" label={t('inventory:service.vendor')} optional maxLength={100} data-autofocus />
          <TextareaField name="note" label={t('inventory:service.note')} optional rows={2} maxLength={500} fieldClassName="inv-span" />
        </div>
      ) : (
        <div className="inv-grid">
          <DateField name="date" label={t('inventory:service.date')} required testId="service-date" />
          <MoneyField name="cost" label={t('inventory:service.cost')} optional testId="service-cost" />
          <TextareaField
            name="workDone"
            label={t('inventory:service.workDone')}
            required
            rows={2}
            maxLength={500}
            fieldClassName="inv-span"
            testId="service-work"
          />
          <TextField name="vendor" label={t('inventory:service.vendor')} optional maxLength={100} />
          <DateField name="nextDue" label={t('inventory:service.nextDue')} hint={t('inventory:service.nextDueHint')} optional />
          <SelectField
            name="condition"
            label={t('inventory:service.condition')}
            options={[
              { value: '', label: t('inventory:service.unchanged') },
              ...InventoryCondition.options.map((c) => ({ value: c, label: t(`inventory:condition.${c}`) })),
            ]}
          />
        </div>
      )}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={service.isPending} data-testid="service-submit">
          {t(action === 'start' ? 'inventory:service.send' : 'inventory:service.complete')}
        </button>
      </div>
    </Form>
  );
}

function DisposeForm({ item, onDone }: { item: InventoryItem; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const dispose = useDisposeItem(item._id);
  const { attempts, failed } = useResult();
  const form = useContractForm<{ reason: string }, typeof DisposeItemBody>(DisposeItemBody, { defaultValues: { reason: '' }, toBody: (v) => v });
  return (
    <Form
      form={form}
      busy={dispose.isPending}
      testId="dispose-form"
      onSubmit={(body) =>
        dispose.mutate(body, {
          onSuccess: () => {
            toast.success(t('inventory:dispose.done'));
            onDone();
          },
          onError: (e) => {
            applyServerErrors(form, e);
            failed();
          },
        })
      }
    >
      {dispose.isError ? (
        <Alert tone="error" shake={attempts} testId="dispose-error">
          {t('inventory:dispose.error', { message: describe(dispose.error) })}
        </Alert>
      ) : null}
      <p className="field__hint">{t('inventory:dispose.hint')}</p>
      <TextField name="reason" label={t('inventory:dispose.reason')} required maxLength={200} testId="dispose-reason" data-autofocus />
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={dispose.isPending} data-testid="dispose-submit">
          {t('inventory:dispose.save')}
        </button>
      </div>
    </Form>
  );
}

const TITLES: Record<ItemAction, string> = {
  receive: 'inventory:stock.receive',
  adjust: 'inventory:stock.adjust',
  write_off: 'inventory:stock.writeOff',
  assign: 'inventory:assign.title',
  start: 'inventory:service.send',
  complete: 'inventory:service.complete',
  dispose: 'inventory:dispose.title',
};

/** The dialog of one action on an item (stock, assign, maintenance, dispose). */
export function ItemActionDialog({ item, action, onClose, today }: { item: InventoryItem; action: ItemAction | null; onClose: () => void; today: string }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <Modal
      open={action !== null}
      onClose={onClose}
      title={action ? t(TITLES[action] as 'inventory:stock.receive') : ''}
      description={item.name}
      testId="item-action-dialog"
    >
      {action === 'receive' || action === 'adjust' || action === 'write_off' ? (
        <StockActionForm key={action} item={item} action={action} onDone={onClose} />
      ) : null}
      {action === 'assign' ? <AssignForm item={item} onDone={onClose} /> : null}
      {action === 'start' || action === 'complete' ? <ServiceActionForm key={action} item={item} action={action} onDone={onClose} today={today} /> : null}
      {action === 'dispose' ? <DisposeForm item={item} onDone={onClose} /> : null}
    </Modal>
  );
}

import {
  CreateInventoryItemBody,
  GST_RATES_PERCENT,
  InventoryCategory,
  InventoryCondition,
  InventoryPriority,
  UpdateInventoryItemBody,
  type InventoryItem,
} from '@akhada/contracts';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { Form } from '../../../components/form/form';
import { optionalText, rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { DateField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import { useCurrentLocation } from '../../../lib/current-location';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCreateItem, useInventoryItem, useSuppliers, useUpdateItem } from '../api/inventory-api';
import { InventoryPage } from '../components/inventory-shell';
import { intFromInput } from '../lib/form-values';
import { canManageInventory } from '../lib/inventory-format';
import { locationOptions } from '../../../components/location-select';

export interface ItemForm {
  name: string;
  description: string;
  category: z.infer<typeof InventoryCategory>;
  priority: z.infer<typeof InventoryPriority>;
  condition: z.infer<typeof InventoryCondition>;
  status: 'active' | 'inactive' | 'out_of_service';
  locationId: string;
  sku: string;
  barcode: string;
  brand: string;
  unit: string;
  reorderLevel: string;
  supplierId: string;
  isForSale: boolean;
  sellingPrice: string;
  hsn: string;
  gstRate: string;
  lineKind: 'goods' | 'service';
  initialStock: { quantity: string; batchNo: string; expiryDate: string; unitCost: string };
  equipment: { serialNumber: string; purchaseDate: string; warrantyUntil: string; serviceIntervalDays: string; lastServiceDate: string };
}

function common(v: ItemForm) {
  const equipment =
    v.category === 'equipment'
      ? {
          serialNumber: optionalText(v.equipment.serialNumber),
          purchaseDate: optionalText(v.equipment.purchaseDate),
          warrantyUntil: optionalText(v.equipment.warrantyUntil),
          serviceIntervalDays: intFromInput(v.equipment.serviceIntervalDays),
          lastServiceDate: optionalText(v.equipment.lastServiceDate),
        }
      : undefined;
  return {
    name: v.name,
    description: optionalText(v.description),
    category: v.category,
    priority: v.priority,
    condition: v.condition,
    sku: optionalText(v.sku),
    barcode: optionalText(v.barcode),
    brand: optionalText(v.brand),
    unit: optionalText(v.unit),
    reorderLevel: intFromInput(v.reorderLevel),
    isForSale: v.isForSale,
    sellingPrice: v.isForSale ? rupeesFromInput(v.sellingPrice) : undefined,
    hsn: v.isForSale ? optionalText(v.hsn) : undefined,
    gstRate: Number(v.gstRate),
    lineKind: v.lineKind,
    supplierId: optionalText(v.supplierId),
    equipment,
  };
}

/** The form's text as POST /inventory's body: opening stock only when a quantity is given. */
export function toCreateBody(v: ItemForm): unknown {
  const s = v.initialStock;
  const given = [s.quantity, s.batchNo, s.expiryDate, s.unitCost].some((x) => x.trim() !== '');
  return {
    ...common(v),
    locationId: v.locationId,
    initialStock: given
      ? {
          quantity: intFromInput(s.quantity),
          batchNo: optionalText(s.batchNo),
          expiryDate: optionalText(s.expiryDate),
          unitCost: rupeesFromInput(s.unitCost) ?? 0,
        }
      : undefined,
  };
}
export const toUpdateBody = (version?: number) => (v: ItemForm) => ({ ...common(v), status: v.status, version });

const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
function valuesOf(item: InventoryItem | null, locationId: string): ItemForm {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    category: item?.category ?? 'supplement',
    priority: item?.priority ?? 'medium',
    condition: item?.condition ?? 'good',
    status: item && item.status !== 'maintenance' && item.status !== 'disposed' ? item.status : 'active',
    locationId: item?.locationId ?? locationId,
    sku: item?.sku ?? '',
    barcode: item?.barcode ?? '',
    brand: item?.brand ?? '',
    unit: item?.unit ?? 'pcs',
    reorderLevel: str(item?.reorderLevel ?? 5),
    supplierId: item?.supplier?._id ?? '',
    isForSale: item?.isForSale ?? false,
    sellingPrice: str(item?.sellingPrice),
    hsn: item?.hsn ?? '',
    gstRate: str(item?.gstRate ?? 18),
    lineKind: item?.lineKind ?? 'goods',
    initialStock: { quantity: '', batchNo: '', expiryDate: '', unitCost: '' },
    equipment: {
      serialNumber: item?.equipment?.serialNumber ?? '',
      purchaseDate: item?.equipment?.purchaseDate ?? '',
      warrantyUntil: item?.equipment?.warrantyUntil ?? '',
      serviceIntervalDays: str(item?.equipment?.serviceIntervalDays),
      lastServiceDate: item?.equipment?.lastServiceDate ?? '',
    },
  };
}

function ItemFields({ edit }: { edit: boolean }) {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const { control } = useFormContext<ItemForm>();
  const [category, isForSale] = useWatch({ control, name: ['category', 'isForSale'] });
  const suppliers = useSuppliers(1, '');
  const { register } = useFormContext<ItemForm>();
  const opts = <T extends string>(values: readonly T[], ns: 'category' | 'priority' | 'condition' | 'lineKind') =>
    values.map((v) => ({ value: v, label: t(`inventory:${ns}.${v}` as 'inventory:category.equipment') }));
  return (
    <>
      <fieldset className="form__section inv-fieldset">
        <legend className="section-heading">{t('inventory:form.basics')}</legend>
        <div className="inv-grid">
          <TextField name="name" label={t('inventory:form.name')} required maxLength={100} testId="item-name" fieldClassName="inv-span" />
          <SelectField name="category" label={t('inventory:form.category')} options={opts(InventoryCategory.options, 'category')} testId="item-category" />
          {edit ? (
            <SelectField
              name="status"
              label={t('inventory:form.status')}
              options={(['active', 'inactive', 'out_of_service'] as const).map((s) => ({ value: s, label: t(`inventory:status.${s}`) }))}
              testId="item-status"
            />
          ) : (
            <SelectField
              name="locationId"
              label={t('inventory:form.location')}
              required
              options={[{ value: '', label: t('inventory:form.chooseLocation') }, ...locationOptions(user.locations)]}
              testId="item-location"
            />
          )}
          <SelectField name="priority" label={t('inventory:form.priority')} options={opts(InventoryPriority.options, 'priority')} />
          <SelectField name="condition" label={t('inventory:form.condition')} options={opts(InventoryCondition.options, 'condition')} />
          <TextField name="brand" label={t('inventory:form.brand')} optional maxLength={60} />
          <TextField name="sku" label={t('inventory:form.sku')} optional maxLength={40} />
          <TextField name="barcode" label={t('inventory:form.barcode')} optional maxLength={32} />
          <TextField name="unit" label={t('inventory:form.unit')} hint={t('inventory:form.unitHint')} maxLength={20} />
          <TextField
            name="reorderLevel"
            label={t('inventory:form.reorderLevel')}
            hint={t('inventory:form.reorderLevelHint')}
            inputMode="numeric"
            testId="item-reorder"
          />
          <SelectField
            name="supplierId"
            label={t('inventory:form.supplier')}
            options={[{ value: '', label: t('inventory:form.noSupplier') }, ...(suppliers.data?.data ?? []).map((s) => ({ value: s._id, label: s.name }))]}
          />
          <TextareaField name="description" label={t('inventory:form.description')} optional rows={2} maxLength={1000} fieldClassName="inv-span" />
        </div>
      </fieldset>
      <fieldset className="form__section inv-fieldset">
        <legend className="section-heading">{t('inventory:form.sale')}</legend>
        <label className="inv-check">
          <input type="checkbox" {...register('isForSale')} data-testid="item-for-sale" />
          {t('inventory:form.isForSale')}
        </label>
        {isForSale ? (
          <div className="inv-grid">
            <MoneyField name="sellingPrice" label={t('inventory:form.sellingPrice')} required testId="item-price" />
            <TextField name="hsn" label={t('inventory:form.hsn')} required inputMode="numeric" maxLength={8} testId="item-hsn" />
            <SelectField name="gstRate" label={t('inventory:form.gstRate')} options={GST_RATES_PERCENT.map((r) => ({ value: String(r), label: `${r} %` }))} />
            <SelectField name="lineKind" label={t('inventory:form.lineKind')} options={opts(['goods', 'service'] as const, 'lineKind')} />
          </div>
        ) : null}
      </fieldset>
      {!edit ? (
        <fieldset className="form__section inv-fieldset">
          <legend className="section-heading">{t('inventory:form.openingStock')}</legend>
          <p className="field__hint">{t('inventory:form.openingStockHint')}</p>
          <div className="inv-grid">
            <TextField name="initialStock.quantity" label={t('inventory:form.quantity')} inputMode="numeric" testId="item-opening-quantity" />
            <MoneyField name="initialStock.unitCost" label={t('inventory:form.unitCost')} testId="item-opening-cost" />
            <TextField name="initialStock.batchNo" label={t('inventory:form.batchNo')} optional maxLength={40} />
            <DateField name="initialStock.expiryDate" label={t('inventory:form.expiryDate')} optional />
          </div>
        </fieldset>
      ) : null}
      {category === 'equipment' ? (
        <fieldset className="form__section inv-fieldset">
          <legend className="section-heading">{t('inventory:form.equipment')}</legend>
          <div className="inv-grid">
            <TextField name="equipment.serialNumber" label={t('inventory:form.serialNumber')} optional maxLength={60} />
            <DateField name="equipment.purchaseDate" label={t('inventory:form.purchaseDate')} optional />
            <DateField name="equipment.warrantyUntil" label={t('inventory:form.warrantyUntil')} optional />
            <TextField
              name="equipment.serviceIntervalDays"
              label={t('inventory:form.serviceIntervalDays')}
              optional
              inputMode="numeric"
              testId="item-interval"
            />
            <DateField name="equipment.lastServiceDate" label={t('inventory:form.lastServiceDate')} optional />
          </div>
        </fieldset>
      ) : null}
    </>
  );
}

function ItemFormBody({ item }: { item: InventoryItem | null }) {
  const { t } = useTranslation(ALL_NS);
  const navigate = useNavigate();
  const toast = useToast();
  const user = useUser();
  const { locationId } = useCurrentLocation(user);
  const { describe } = useErrorText();
  const [attempts, setAttempts] = useState(0);
  const create = useCreateItem();
  const update = useUpdateItem(item?._id ?? '');
  const mutation = item ? update : create;
  const defaults = valuesOf(item, locationId ?? (user.locations.length === 1 ? (user.locations[0]?._id ?? '') : ''));
  const createForm = useContractForm<ItemForm, typeof CreateInventoryItemBody>(CreateInventoryItemBody, { defaultValues: defaults, toBody: toCreateBody });
  const updateForm = useContractForm<ItemForm, typeof UpdateInventoryItemBody>(UpdateInventoryItemBody, {
    defaultValues: defaults,
    toBody: toUpdateBody(item?.version),
  });
  const done = (saved: InventoryItem) => {
    toast.success(item ? t('inventory:form.updated') : t('inventory:form.created'));
    void navigate(`/dashboard/inventory/${saved._id}`);
  };
  const fail = (error: unknown) => {
    applyServerErrors(item ? updateForm : createForm, error);
    setAttempts((n) => n + 1);
  };
  const actions = (
    <div className="form__actions">
      <button type="button" className="btn btn--secondary" onClick={() => void navigate(item ? `/dashboard/inventory/${item._id}` : '/dashboard/inventory')}>
        {t('inventory:form.cancel')}
      </button>
      <button type="submit" className="btn btn--primary" disabled={mutation.isPending} data-testid="item-submit">
        {mutation.isPending ? t('inventory:form.saving') : t('inventory:form.save')}
      </button>
    </div>
  );
  const error = mutation.isError ? (
    <Alert tone="error" shake={attempts} testId="item-error">
      {t(item ? 'inventory:form.updateError' : 'inventory:form.createError', { message: describe(mutation.error) })}
    </Alert>
  ) : null;
  return item ? (
    <Form form={updateForm} onSubmit={(body) => update.mutate(body, { onSuccess: done, onError: fail })} busy={update.isPending} testId="item-form">
      {error}
      <ItemFields edit />
      {actions}
    </Form>
  ) : (
    <Form form={createForm} onSubmit={(body) => create.mutate(body, { onSuccess: done, onError: fail })} busy={create.isPending} testId="item-form">
      {error}
      <ItemFields edit={false} />
      {actions}
    </Form>
  );
}

/** /dashboard/inventory/create (Add Inventory Item), and ?edit=<id> to edit an item. Front desk only. */
export function ItemFormPage() {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const [sp] = useSearchParams();
  const editId = sp.get('edit');
  const item = useInventoryItem(editId ?? '', Boolean(editId));
  if (!canManageInventory(user.role)) return <Navigate to="/dashboard/inventory" replace />;
  let body;
  if (!editId) body = <ItemFormBody item={null} />;
  else if (item.isPending) body = <LoadingState title={t('inventory:detail.loading')} />;
  else if (item.isError)
    body = <ErrorState error={item.error} title={t('inventory:form.loadError')} onRetry={() => void item.refetch()} retrying={item.isFetching} />;
  else body = <ItemFormBody key={item.data._id} item={item.data} />;
  return (
    <InventoryPage
      title={editId ? t('inventory:form.editTitle') : t('inventory:form.createTitle')}
      subtitle={editId ? t('inventory:form.editSubtitle') : t('inventory:form.createSubtitle')}
      nav={false}
      testId="item-form-page"
    >
      <section className="card inv-form-card">{body}</section>
    </InventoryPage>
  );
}

import { SupplierBody } from '@akhada/contracts';
import type { z } from 'zod';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Form } from '../../../components/form/form';
import { optionalText } from '../../../components/form/form-values';
import { applyServerErrors } from '../../../components/form/server-errors';
import { EmailField, PhoneField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { Pagination } from '../../../components/pagination';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import { formatDateTime } from '../../../lib/format';
import { formatRupees2 } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useArchiveSupplier, useSaveSupplier, useSupplier, useSuppliers } from '../api/inventory-api';
import { InventoryPage } from '../components/inventory-shell';
import { canManageInventory } from '../lib/inventory-format';

type Supplier = NonNullable<ReturnType<typeof useSuppliers>['data']>['data'][number];
interface SupplierForm {
  name: string;
  contactName: string;
  phone: string;
  email: string;
  gstin: string;
  address: string;
  notes: string;
}
export const toSupplierBody = (v: SupplierForm): unknown => ({
  name: v.name,
  contactName: optionalText(v.contactName),
  phone: optionalText(v.phone),
  email: optionalText(v.email),
  gstin: optionalText(v.gstin)?.toUpperCase(),
  address: optionalText(v.address),
  notes: optionalText(v.notes),
});

function SupplierFormDialog({ supplier, open, onClose }: { supplier: Supplier | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const save = useSaveSupplier(supplier?._id ?? null);
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<SupplierForm, typeof SupplierBody>(SupplierBody, {
    defaultValues: {
      name: supplier?.name ?? '',
      contactName: supplier?.contactName ?? '',
      phone: supplier?.phone ?? '',
      email: supplier?.email ?? '',
      gstin: supplier?.gstin ?? '',
      address: supplier?.address ?? '',
      notes: supplier?.notes ?? '',
    },
    toBody: toSupplierBody,
  });
  return (
    <Modal open={open} onClose={onClose} title={supplier ? supplier.name : t('inventory:suppliers.add')} testId="supplier-dialog">
      <Form
        form={form}
        busy={save.isPending}
        testId="supplier-form"
        onSubmit={(body: z.output<typeof SupplierBody>) =>
          save.mutate(body, {
            onSuccess: () => {
              toast.success(t('inventory:suppliers.saved'));
              onClose();
            },
            onError: (e) => {
              applyServerErrors(form, e);
              setAttempts((n) => n + 1);
            },
          })
        }
      >
        {save.isError ? (
          <Alert tone="error" shake={attempts} testId="supplier-error">
            {t('inventory:suppliers.saveError', { message: describe(save.error) })}
          </Alert>
        ) : null}
        <div className="inv-grid">
          <TextField name="name" label={t('inventory:suppliers.name')} required maxLength={100} testId="supplier-name" data-autofocus />
          <TextField name="contactName" label={t('inventory:suppliers.contactName')} optional maxLength={100} />
          <PhoneField name="phone" label={t('inventory:suppliers.phone')} optional testId="supplier-phone" />
          <EmailField name="email" label={t('inventory:suppliers.email')} optional />
          <TextField name="gstin" label={t('inventory:suppliers.gstin')} optional maxLength={15} testId="supplier-gstin" />
          <TextareaField name="address" label={t('inventory:suppliers.address')} optional rows={2} maxLength={300} fieldClassName="inv-span" />
          <TextareaField name="notes" label={t('inventory:suppliers.notes')} optional rows={2} maxLength={500} fieldClassName="inv-span" />
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending} data-testid="supplier-submit">
            {t('inventory:suppliers.save')}
          </button>
        </div>
      </Form>
    </Modal>
  );
}

function SupplierDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const q = useSupplier(id);
  if (q.isPending) return <LoadingState title={t('inventory:suppliers.loading')} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  const s = q.data;
  return (
    <div className="inv-supplier-detail" data-testid="supplier-detail">
      <dl className="facts facts--grid">
        <dt>{t('inventory:suppliers.contactName')}</dt>
        <dd>{s.contactName ?? '—'}</dd>
        <dt>{t('inventory:suppliers.phone')}</dt>
        <dd>{s.phone ?? '—'}</dd>
        <dt>{t('inventory:suppliers.email')}</dt>
        <dd>{s.email ?? '—'}</dd>
        <dt>{t('inventory:suppliers.gstin')}</dt>
        <dd>{s.gstin ?? '—'}</dd>
        <dt>{t('inventory:suppliers.address')}</dt>
        <dd>{s.address ?? '—'}</dd>
      </dl>
      <h3 className="section-heading">{t('inventory:suppliers.itemsSupplied')}</h3>
      {s.items.length === 0 ? (
        <p className="text-muted">{t('inventory:suppliers.noItems')}</p>
      ) : (
        <ul className="inv-chips">
          {s.items.map((i) => (
            <li key={i._id}>
              <Link className="link" to={`/dashboard/inventory/${i._id}`}>
                {i.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h3 className="section-heading">{t('inventory:suppliers.purchases')}</h3>
      <p className="text-muted" data-testid="supplier-total">
        {t('inventory:suppliers.totalPurchased', { amount: formatRupees2(s.totalPurchased) })}
      </p>
      {s.purchases.length === 0 ? (
        <p className="text-muted">{t('inventory:suppliers.noPurchases')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('inventory:table.received')}</th>
                <th scope="col">{t('inventory:table.item')}</th>
                <th scope="col">{t('inventory:table.batch')}</th>
                <th scope="col" className="inv-num">
                  {t('inventory:table.quantity')}
                </th>
                <th scope="col" className="inv-num">
                  {t('inventory:table.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {s.purchases.map((p, i) => (
                <tr key={`${p.item._id}-${p.receivedAt}-${i}`}>
                  <td>{formatDateTime(p.receivedAt, i18n.language)}</td>
                  <td>{p.item.name}</td>
                  <td>{p.batchNo ?? '—'}</td>
                  <td className="inv-num">
                    {p.quantity} × {formatRupees2(p.unitCost)}
                  </td>
                  <td className="inv-num">{formatRupees2(p.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** /dashboard/inventory/suppliers: Supplier Management — list with search, add/edit, archive, and a supplier's detail with purchase history. */
export function SuppliersPage() {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const toast = useToast();
  const { describe } = useErrorText();
  const [sp, setSp] = useSearchParams();
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const searchParam = sp.get('search') ?? '';
  const [search, setSearch] = useState(searchParam);
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const [viewing, setViewing] = useState<Supplier | null>(null);
  const q = useSuppliers(page, searchParam);
  const archive = useArchiveSupplier();
  useEffect(() => {
    const id = setTimeout(() => {
      if (search.trim() !== searchParam) setSp(search.trim() ? { search: search.trim() } : {}, { replace: true });
    }, 300);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts the debounce
  }, [search]);
  if (!canManageInventory(user.role)) return <Navigate to="/dashboard/inventory" replace />;

  let body;
  if (q.isPending) body = <LoadingState title={t('inventory:suppliers.loading')} />;
  else if (q.isError) body = <ErrorState error={q.error} title={t('inventory:suppliers.error')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else if (q.data.data.length === 0) body = <EmptyState title={t('inventory:suppliers.empty')} />;
  else
    body = (
      <>
        <ul className="inv-suppliers" data-testid="supplier-list">
          {q.data.data.map((s) => (
            <li key={s._id} className="inv-supplier">
              <div>
                <p className="cell-strong">{s.name}</p>
                <p className="cell-sub text-muted">
                  {[s.contactName, s.phone, s.gstin].filter(Boolean).join(' · ') || '—'} · {t('inventory:suppliers.items', { count: s.itemCount })}
                </p>
              </div>
              <div className="inv-supplier__actions">
                <button type="button" className="btn btn--secondary btn--sm" onClick={() => setViewing(s)}>
                  {t('inventory:suppliers.view')}
                </button>
                <button type="button" className="btn btn--secondary btn--sm" onClick={() => setEditing(s)}>
                  {t('inventory:suppliers.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm text-danger"
                  disabled={archive.isPending}
                  onClick={() => {
                    if (!window.confirm(t('inventory:suppliers.archiveConfirm'))) return;
                    archive.mutate(s._id, { onSuccess: () => toast.success(t('inventory:suppliers.archived')), onError: (e) => toast.error(describe(e)) });
                  }}
                >
                  {t('inventory:suppliers.archive')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          totalPages={q.data.pagination.totalPages}
          onChange={(p) => setSp((prev) => ({ ...Object.fromEntries(prev), page: String(p) }), { replace: true })}
          disabled={q.isFetching}
        />
      </>
    );
  return (
    <InventoryPage
      title={t('inventory:suppliers.title')}
      subtitle={t('inventory:suppliers.subtitle')}
      testId="suppliers-page"
      actions={
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')} data-testid="supplier-add">
          {t('inventory:suppliers.add')}
        </button>
      }
    >
      <section className="card inv-filters">
        <label className="field inv-filters__search">
          <span className="field__label">{t('inventory:suppliers.search')}</span>
          <input type="search" className="input" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} data-testid="supplier-search" />
        </label>
      </section>
      <section className="card card--flush">{body}</section>
      {editing ? (
        <SupplierFormDialog key={editing === 'new' ? 'new' : editing._id} supplier={editing === 'new' ? null : editing} open onClose={() => setEditing(null)} />
      ) : null}
      <Modal open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.name ?? ''} size="lg" testId="supplier-detail-dialog">
        {viewing ? <SupplierDetail id={viewing._id} /> : null}
      </Modal>
    </InventoryPage>
  );
}

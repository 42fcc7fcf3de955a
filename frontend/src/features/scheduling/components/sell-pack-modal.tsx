import { SellPackBody, type PackPurchase, type PackType } from '@akhada/contracts';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { FormError, useFormFailure } from '../../../components/form/form-error';
import { FormField } from '../../../components/form/form-field';
import { SelectField } from '../../../components/form/select-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { MemberIdField, type PickedMember } from '../../../components/member-picker';
import { Modal } from '../../../components/modal';
import { formatMoney } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { useSellPack, type SellPackInput } from '../api/packs-api';
import { PackBalanceCard } from './pack-balance-card';

const FORM_ID = 'sell-pack-form';
const METHODS = SellPackBody.shape.method.options;
type Method = (typeof METHODS)[number];

interface SellForm {
  memberId: string;
  packTypeId: string;
  method: Method;
}

/**
 * Sells a session pack at the desk: the member, the pack and how they paid (cash, UPI, card), with the member's credits
 * shown once picked. Then: what was sold and the member's balance, which fills in once payments has recorded the payment.
 */
export function SellPackModal({ open, onClose, types }: { open: boolean; onClose: () => void; types: PackType[] }) {
  const { t } = useTranslation(ALL_NS);
  const sell = useSellPack();
  const [round, setRound] = useState(0);
  const [sold, setSold] = useState<{ purchase: PackPurchase; member: PickedMember } | null>(null);
  const close = () => {
    sell.reset();
    setSold(null);
    onClose();
  };
  const again = () => {
    sell.reset();
    setSold(null);
    setRound((n) => n + 1);
  };
  const onSale = types.filter((p) => !p.archived);
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('scheduling:packs.sellTitle')}
      description={t('scheduling:packs.sellHint')}
      testId="sell-pack-modal"
      footer={
        sold ? (
          <>
            <button type="button" className="btn btn--secondary" onClick={again} data-testid="sell-another">
              {t('scheduling:packs.sellAnother')}
            </button>
            <button type="button" className="btn btn--primary" onClick={close}>
              {t('scheduling:packs.close')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn btn--secondary" onClick={close}>
              {t('scheduling:packs.cancel')}
            </button>
            <button type="submit" form={FORM_ID} className="btn btn--primary" disabled={sell.isPending || onSale.length === 0} data-testid="sell-pack-submit">
              {sell.isPending ? t('scheduling:packs.selling') : t('scheduling:packs.sellSubmit')}
            </button>
          </>
        )
      }
    >
      {!open ? null : sold ? (
        <div className="sched-card" data-testid="sell-pack-done">
          <Alert tone="success">{t('scheduling:packs.sold', { pack: sold.purchase.name, name: sold.member.name })}</Alert>
          <PackBalanceCard memberId={sold.member.id} name={sold.member.name} />
        </div>
      ) : onSale.length === 0 ? (
        <Alert tone="info">{t('scheduling:packs.noPacksToSell')}</Alert>
      ) : (
        <SellFormBody key={round} types={onSale} sell={sell} onSold={setSold} />
      )}
    </Modal>
  );
}

function MethodChoices() {
  const { t } = useTranslation(ALL_NS);
  const { register } = useFormContext<SellForm>();
  return (
    <FormField name="method" label={t('scheduling:packs.method')} required>
      {(p) => (
        <div className="sched-weekdays" role="radiogroup" id={p.id} aria-describedby={p['aria-describedby']} aria-required>
          {METHODS.map((m) => (
            <label key={m} className="sched-weekday">
              <input type="radio" value={m} {...register('method')} data-testid={`sell-method-${m}`} />
              <span>{t(`scheduling:packs.methods.${m}`)}</span>
            </label>
          ))}
        </div>
      )}
    </FormField>
  );
}

function SellFormBody({
  types,
  sell,
  onSold,
}: {
  types: PackType[];
  sell: ReturnType<typeof useSellPack>;
  onSold: (s: { purchase: PackPurchase; member: PickedMember }) => void;
}) {
  const { t } = useTranslation(ALL_NS);
  const [chosen, setChosen] = useState<PickedMember | null>(null);
  const form = useContractForm<SellForm, typeof SellPackBody>(SellPackBody, {
    defaultValues: { memberId: '', packTypeId: types.length === 1 ? types[0]!.id : '', method: 'cash' },
    toBody: (v) => ({ memberId: v.memberId, packTypeId: v.packTypeId, method: v.method }),
  });
  const { attempts, failed } = useFormFailure(form);
  const onSubmit = (body: SellPackInput) => {
    const member = chosen;
    if (!member) return;
    sell.mutate(body, {
      onSuccess: (purchase) => onSold({ purchase, member }),
      onError: failed,
    });
  };
  const price = (p: PackType) => t('scheduling:packs.price', { price: formatMoney(p.pricePaise / 100, { exact: true }) });
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={sell.isPending} testId="sell-pack-form">
      <FormError error={sell.error} attempts={attempts} fallback={t('scheduling:packs.sellFailed')} testId="sell-pack-error" />
      <MemberIdField
        label={t('scheduling:packs.member')}
        chosen={chosen}
        onChoose={setChosen}
        placeholder={t('scheduling:packs.memberPlaceholder')}
        testId="sell-member"
        autoFocus
      />
      <SelectField
        name="packTypeId"
        label={t('scheduling:packs.packType')}
        required
        options={[
          { value: '', label: t('scheduling:packs.choosePack') },
          ...types.map((p) => ({
            value: p.id,
            label: `${p.name} · ${t('scheduling:packs.sessions', { count: p.sessions })} · ${price(p)}`,
          })),
        ]}
        testId="sell-pack-type"
      />
      <MethodChoices />
      {chosen ? <PackBalanceCard key={chosen.id} memberId={chosen.id} name={chosen.name} /> : null}
    </Form>
  );
}

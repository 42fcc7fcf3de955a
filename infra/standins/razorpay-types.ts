// The Razorpay stand-in's shared shapes (razorpay.ts and razorpay-subscriptions.ts): Razorpay's payment entity, an
// account (key id, secrets, webhook URL), notes and request bodies.
export type Notes = Record<string, string | number | null>;

export interface Account {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  webhookUrl?: string;
  accountId: string;
}

export interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  /** A subscription's charge carries the invoice Razorpay made for its cycle; null otherwise. */
  invoice_id: string | null;
  international: boolean;
  method: 'upi' | 'card' | 'emandate';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: string | null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Notes | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

export type Body = Record<string, unknown>;

import { saleLineTaxablePaise, saleLineTaxPaise, saleTotalsOf, type InventoryItem, type SaleLineKind, type SaleTotals } from '@akhada/contracts';

/** One line of the counter's cart: what the invoice needs of the item, and how many. */
export interface CartLine {
  itemId: string;
  name: string;
  hsn: string;
  kind: SaleLineKind;
  gstRatePercent: number;
  /** Price of one unit before GST, paise. */
  unitPricePaise: number;
  quantity: number;
  /** Units in stock when the item was added (the most the line may hold). */
  inStock: number;
}

export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);
export const paiseToRupees = (paise: number): number => paise / 100;

/** A cart line from an item of the inventory (for sale, with a price and an HSN code). */
export function lineOf(
  item: Pick<InventoryItem, '_id' | 'name' | 'hsn' | 'lineKind' | 'chargedGstRate' | 'sellingPrice' | 'quantity'>,
  quantity = 1,
): CartLine {
  return {
    itemId: item._id,
    name: item.name,
    hsn: item.hsn ?? '',
    kind: item.lineKind,
    // What the counter charges at the item's location (0 % where it is not GST-registered), as the server does.
    gstRatePercent: item.chargedGstRate,
    unitPricePaise: rupeesToPaise(item.sellingPrice ?? 0),
    quantity: Math.min(quantity, item.quantity),
    inStock: item.quantity,
  };
}

export type CartAction =
  | { type: 'add'; item: Parameters<typeof lineOf>[0] }
  | { type: 'set'; itemId: string; quantity: number }
  | { type: 'remove'; itemId: string }
  | { type: 'clear' };

/** The cart's rules: adding an item again adds one unit; a quantity stays within 1 and the stock; 0 removes the line. */
export function cartReducer(lines: CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'add': {
      const existing = lines.find((l) => l.itemId === action.item._id);
      if (!existing) return action.item.quantity > 0 ? [...lines, lineOf(action.item)] : lines;
      const inStock = action.item.quantity;
      return lines.map((l) => (l === existing ? { ...l, inStock, quantity: Math.min(l.quantity + 1, inStock) } : l));
    }
    case 'set':
      if (action.quantity <= 0) return lines.filter((l) => l.itemId !== action.itemId);
      return lines.map((l) => (l.itemId === action.itemId ? { ...l, quantity: Math.min(Math.floor(action.quantity), l.inStock) } : l));
    case 'remove':
      return lines.filter((l) => l.itemId !== action.itemId);
    case 'clear':
      return [];
    default: {
      const never: never = action;
      return never;
    }
  }
}

/**
 * Spreads a discount on the whole sale over the lines in proportion to their value (the contract's rule for
 * PosSaleBody.discount), the way the inventory service does: each line gets the floor of its share and the paise left
 * over go to the largest line (the first of equals). Never more than the sale's value.
 */
export function spreadDiscount(grossPaise: readonly number[], discountPaise: number): number[] {
  const total = grossPaise.reduce((a, b) => a + b, 0);
  const discount = Math.max(0, Math.min(Math.round(discountPaise), total));
  if (total === 0 || discount === 0) return grossPaise.map(() => 0);
  const shares = grossPaise.map((g) => Math.floor((discount * g) / total));
  const largest = grossPaise.indexOf(Math.max(...grossPaise));
  shares[largest] = (shares[largest] ?? 0) + discount - shares.reduce((a, b) => a + b, 0);
  return shares;
}

export interface PricedLine extends CartLine {
  discountPaise: number;
  taxablePaise: number;
  gstPaise: number;
  totalPaise: number;
}

/** The cart priced as the invoice will be: the discount spread over the lines, GST per line, totals by saleTotalsOf. */
export function priceCart(lines: readonly CartLine[], discountPaise: number): { lines: PricedLine[]; totals: SaleTotals; grossPaise: number } {
  const gross = lines.map((l) => l.unitPricePaise * l.quantity);
  const discounts = spreadDiscount(gross, discountPaise);
  const priced = lines.map((l, i) => {
    const withDiscount = { ...l, discountPaise: discounts[i] ?? 0 };
    const taxablePaise = saleLineTaxablePaise(withDiscount);
    const gstPaise = saleLineTaxPaise(taxablePaise, l.gstRatePercent);
    return { ...withDiscount, taxablePaise, gstPaise, totalPaise: taxablePaise + gstPaise };
  });
  return { lines: priced, totals: saleTotalsOf(priced), grossPaise: gross.reduce((a, b) => a + b, 0) };
}

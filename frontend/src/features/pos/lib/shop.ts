/** An order unpaid this long is cancelled by the inventory service (UNPAID_ORDER_MINUTES there) and its stock returned. */
export const SHOP_PAY_WITHIN_MINUTES = 30;

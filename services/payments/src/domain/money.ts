/** The API speaks rupees with at most two decimals; the service stores and the events carry integer paise. */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);
export const paiseToRupees = (paise: number | string | bigint): number => Number(paise) / 100;

const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** en-IN display of paise: ₹1,23,456.50. */
export const formatPaise = (paise: number | string | bigint): string => INR.format(Number(paise) / 100);

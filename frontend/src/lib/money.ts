/** Rupees with exactly two decimals, en-IN (₹1,999.50): how payments show amounts (the API speaks rupees, 2 decimals). */
const rupees2 = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatRupees2 = (rupees: number): string => rupees2.format(rupees);

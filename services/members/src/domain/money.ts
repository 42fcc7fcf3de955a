/** The API speaks rupees with at most two decimals; the service stores and the events carry integer paise. */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);
export const paiseToRupees = (paise: number): number => paise / 100;

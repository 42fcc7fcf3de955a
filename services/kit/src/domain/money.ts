/**
 * Money is stored and computed in integer paise; the API speaks rupees with up to two decimals (ARCHITECTURE.md).
 * One rounding rule for every service: rupees → paise rounds to the nearest paisa with Math.round (a half paisa goes
 * up, towards +∞), so a figure the contracts allow (two decimals) converts exactly and float noise (19.99 * 100 =
 * 1998.9999…) cannot lose a paisa. Paise → rupees is exact (an integer divided by 100); PostgreSQL's bigint and numeric
 * arrive as strings or bigints and are read as numbers.
 */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/** Integer paise (as a number, or as pg returns a bigint / numeric) to rupees for the API. */
export const paiseToRupees = (paise: number | string | bigint): number => Math.round(Number(paise)) / 100;

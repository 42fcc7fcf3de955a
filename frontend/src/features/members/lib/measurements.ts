import type { Measurement } from '@akhada/contracts';

/** The measures a member's progress tracks, in the order they are shown. */
export const METRICS = ['weightKg', 'bodyFatPercent', 'chestCm', 'waistCm', 'armsCm'] as const;
export type Metric = (typeof METRICS)[number];

/** The number a measure input holds as text: blank → not given; anything not a number → NaN (the contract says so). */
export function measureFromInput(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Change from the first to the latest recorded value of a measure (null with fewer than two values). */
export function change(measurements: Measurement[], metric: Metric): number | null {
  const values = [...measurements]
    .sort((a, b) => (a.measuredOn < b.measuredOn ? -1 : a.measuredOn > b.measuredOn ? 1 : a.createdAt.localeCompare(b.createdAt)))
    .map((m) => m[metric])
    .filter((v): v is number => v !== null);
  if (values.length < 2) return null;
  return Math.round((values[values.length - 1]! - values[0]!) * 10) / 10;
}

/** The screenshot carousel moves one image at a time and stops at the first and the last. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), count - 1);
}

export function stepIndex(index: number, delta: number, count: number): number {
  return clampIndex(index + delta, count);
}

export function carouselEnds(index: number, count: number): { canPrevious: boolean; canNext: boolean } {
  const i = clampIndex(index, count);
  return { canPrevious: i > 0, canNext: i < count - 1 };
}

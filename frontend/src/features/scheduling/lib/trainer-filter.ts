import type { ClassSummary } from '@akhada/contracts';

export interface TrainerOption {
  id: string;
  name: string;
}

/**
 * The trainer filter's choices: the trainers who lead a class of the week shown, by name (the chosen one stays even
 * when this week has none of theirs, so the select still says what filters the list).
 */
export function trainersOf(classes: readonly ClassSummary[], chosen: TrainerOption | null): TrainerOption[] {
  const byId = new Map<string, string>();
  for (const c of classes) if (c.trainerId && c.trainerName) byId.set(c.trainerId, c.trainerName);
  if (chosen) byId.set(chosen.id, chosen.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

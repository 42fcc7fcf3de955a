import type { Survey, SurveyAudience, SurveyQuestion } from '@akhada/contracts';
import type { SurveysTable } from '../db/schema.ts';

export const isOpenOn = (row: Pick<SurveysTable, 'is_active' | 'starts_on' | 'ends_on' | 'archived_at'>, today: string): boolean =>
  row.is_active && !row.archived_at && row.starts_on <= today && today <= row.ends_on;

export const toSurvey = (row: SurveysTable, today: string, hasResponded: boolean): Survey => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  type: row.type as Survey['type'],
  questions: row.questions as SurveyQuestion[],
  audience: row.audience as SurveyAudience,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  isAnonymous: row.is_anonymous,
  isActive: row.is_active,
  isOpen: isOpenOn(row, today),
  totalResponses: row.total_responses,
  hasResponded,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

import { trainedModelTypes, type TrainedModelType } from '#contracts/model-kinds.ts';
import { modelsTexts } from '../texts.ts';

export type TypeFilter = TrainedModelType | 'all';

export const typeLabels: Record<TrainedModelType, string> = modelsTexts.types;

export const typeFilterOptions: ReadonlyArray<{ value: TypeFilter; label: string }> = [
  { value: 'all', label: modelsTexts.allTypes },
  ...trainedModelTypes.map((value) => ({ value, label: typeLabels[value] })),
];

export function isTypeFilter(value: string): value is TypeFilter {
  return value === 'all' || (trainedModelTypes as readonly string[]).includes(value);
}

import { trainedModelTypes, type TrainedModelType } from '../../../../contracts/model-kinds.ts';

export type TypeFilter = TrainedModelType | 'all';

export const typeLabels: Record<TrainedModelType, string> = {
  character: 'Character',
  general: 'General',
  product: 'Product',
  style: 'Style',
};

export const typeFilterOptions: ReadonlyArray<{ value: TypeFilter; label: string }> = [
  { value: 'all', label: 'All' },
  ...trainedModelTypes.map((value) => ({ value, label: typeLabels[value] })),
];

export function isTypeFilter(value: string): value is TypeFilter {
  return value === 'all' || (trainedModelTypes as readonly string[]).includes(value);
}

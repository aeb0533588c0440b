// The filters feature's public face: the recipes, nutrition and impact features and the filter
// pages import from here only.

export { FilterPage } from './FilterPage.tsx';
export { ChipGroup, SelectFilter, TagList } from './FilterParts.tsx';
export {
  anySelected,
  distinct,
  distinctSorted,
  readMany,
  readOne,
  textMatches,
  writeMany,
  writeOne,
} from './filter-utils.ts';
export { type FilterDefinition, useFilterPage } from './use-filter-page.ts';
export { keepDataWhenOnlyQueryChanges } from './use-url-filters.ts';

// The filters feature's public face: the guide pages (recipes, nutrition, why-it-matters) and
// /products' categories import from here only.

export { facetsAttribute } from '../../early/index.ts';
export { FilterPage } from './FilterPage.tsx';
export { ChipGroup, ChoiceChips, SelectFilter, TagList } from './FilterParts.tsx';
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
export { filterDefinition } from './query-fields.ts';
export { type FilterDefinition, useFilterPage } from './use-filter-page.ts';
export { keepDataWhenOnlyQueryChanges } from './use-url-filters.ts';

import { describe, expect, it } from 'vitest';
import type { ImpactItem } from '../../content/types.ts';
import {
  DEFAULT_IMPACT_FILTERS,
  filterImpactItems,
  fromSearchParams,
  type ImpactFilters,
  impactFilterOptions,
  toSearchParams,
} from './impact-filters.ts';

const item = (id: number, fields: Partial<ImpactItem>): ImpactItem => ({
  id: `imp-${id}`,
  type: 'Pillar',
  title: `Item ${id}`,
  emoji: '',
  description: '',
  bullets: [],
  tags: [],
  ...fields,
});

const ITEMS: ImpactItem[] = [
  item(1, { title: 'Seeds and biodiversity', description: 'Local varieties.', tags: ['Seeds', 'Community'] }),
  item(2, { type: 'Statement', title: 'Good food', description: 'Keep the hills farmed.', tags: ['Income'] }),
  item(3, {
    type: 'Project',
    title: 'Seed-swap circles',
    description: 'Neighbours swap seed.',
    year: '2023',
    region: 'Uttarakhand',
    bullets: ['30+ varieties', '80+ farmers'],
    quote: 'Seed from a neighbour is free.',
    tags: ['Seeds'],
  }),
  item(4, {
    type: 'Project',
    title: 'Low-water trials',
    description: 'Mulch and drip.',
    year: '2022',
    region: 'Pithoragarh',
    bullets: ['About 40% less water'],
    tags: ['Water', 'Soil'],
  }),
  item(5, {
    type: 'Project',
    title: 'Compost-back incentive',
    description: 'Compost returns to the terraces.',
    year: '2024',
    region: 'Uttarkashi',
    tags: ['Soil', 'income'],
  }),
];

const ids = (filters: Partial<ImpactFilters>) =>
  filterImpactItems(ITEMS, { ...DEFAULT_IMPACT_FILTERS, ...filters }).map((found) => found.id);

describe('filterImpactItems', () => {
  it('shows everything with the defaults', () => {
    expect(ids({})).toHaveLength(5);
  });

  it('search is trimmed and lowercased, over title and description', () => {
    expect(ids({ search: ' SEED ' })).toEqual(['imp-1', 'imp-3']);
    expect(ids({ search: 'hills farmed' })).toEqual(['imp-2']);
  });

  it('search covers bullets, quote and tags', () => {
    expect(ids({ search: '40% less' })).toEqual(['imp-4']);
    expect(ids({ search: 'neighbour is free' })).toEqual(['imp-3']);
    expect(ids({ search: 'community' })).toEqual(['imp-1']);
    expect(ids({ search: 'nowhere at all' })).toEqual([]);
  });

  it('type, year and region must each be equal', () => {
    expect(ids({ type: 'Project' })).toEqual(['imp-3', 'imp-4', 'imp-5']);
    expect(ids({ type: 'Statement' })).toEqual(['imp-2']);
    expect(ids({ year: '2022' })).toEqual(['imp-4']);
    expect(ids({ region: 'Uttarkashi' })).toEqual(['imp-5']);
    expect(ids({ region: 'Uttar' })).toEqual([]);
  });

  it('tags match any selected one, case-insensitively', () => {
    expect(ids({ tags: ['Soil'] })).toEqual(['imp-4', 'imp-5']);
    expect(ids({ tags: ['Income', 'seeds'] })).toEqual(['imp-1', 'imp-2', 'imp-3', 'imp-5']);
  });

  it('combines the rules with AND', () => {
    expect(ids({ type: 'Project', tags: ['Seeds'] })).toEqual(['imp-3']);
    expect(ids({ type: 'Project', year: '2024', tags: ['Soil'] })).toEqual(['imp-5']);
    expect(ids({ type: 'Pillar', year: '2024' })).toEqual([]);
    expect(ids({ search: 'water', region: 'Pithoragarh', tags: ['Water'] })).toEqual(['imp-4']);
  });
});

describe('options and URL query', () => {
  it('derives types, sorted years and regions, and tags', () => {
    expect(impactFilterOptions(ITEMS)).toEqual({
      types: ['Pillar', 'Statement', 'Project'],
      years: ['2022', '2023', '2024'],
      regions: ['Pithoragarh', 'Uttarakhand', 'Uttarkashi'],
      tags: ['Seeds', 'Community', 'Income', 'Water', 'Soil', 'income'],
    });
  });

  it('round-trips, leaves defaults out and drops unknown values', () => {
    expect(toSearchParams(DEFAULT_IMPACT_FILTERS).toString()).toBe('');
    const filters = { search: 'seed', type: 'Project', year: '2023', region: 'Uttarakhand', tags: ['Seeds'] };
    const query = toSearchParams(filters).toString();
    expect(query).toBe('q=seed&type=Project&year=2023&region=Uttarakhand&tag=Seeds');
    const options = impactFilterOptions(ITEMS);
    expect(fromSearchParams(new URLSearchParams(query), options)).toEqual(filters);
    expect(fromSearchParams(new URLSearchParams('type=Essay&year=1999&region=Goa'), options)).toEqual(
      DEFAULT_IMPACT_FILTERS,
    );
  });
});

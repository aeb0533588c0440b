import { describe, expect, it } from 'vitest';
import { filterDefinition } from './query-fields.ts';

interface Filters {
  search: string;
  colour: string;
  tags: string[];
}

const DEFINITION = filterDefinition<string, Filters, { colours: string[]; tags: string[] }>({
  defaults: { search: '', colour: '', tags: [] },
  options: () => ({ colours: ['Red', 'Blue'], tags: ['Keto'] }),
  filter: (items) => [...items],
  query: { colour: { key: 'c', options: 'colours' }, tags: { key: 'tag', options: 'tags' } },
});

describe('filterDefinition', () => {
  it('writes the search as q, then each field under its key in the order named, lists repeated', () => {
    const params = DEFINITION.toSearchParams({ search: 'ghee', colour: 'Red', tags: ['Keto', 'Vegan'] });
    expect(params.toString()).toBe('q=ghee&c=Red&tag=Keto&tag=Vegan');
    expect(DEFINITION.toSearchParams(DEFINITION.defaults).toString()).toBe('');
  });

  it('reads a one-value field once and a list field repeated, dropping what the options do not offer', () => {
    const params = new URLSearchParams('q=ghee&c=red&tag=keto&tag=Vegan');
    expect(DEFINITION.fromSearchParams(params)).toEqual({ search: 'ghee', colour: 'red', tags: ['keto', 'Vegan'] });
    expect(DEFINITION.fromSearchParams(params, { colours: ['Red', 'Blue'], tags: ['Keto'] })).toEqual({
      search: 'ghee',
      colour: 'Red',
      tags: ['Keto'],
    });
  });
});

/**
 * A filter chip tapped before React is live (decision 028): the chips show the new choice and the
 * list hides what it no longer matches, at once; the replayed tap then filters in React, which
 * shows the same list. Each chip group (ChipGroup, ChoiceChips) names its facet (`data-facet`),
 * each chip its value (`data-value`, '' for 'All'), and each item of the page's list the values it
 * matches per facet (`data-facets`, written with `facetsAttribute`). An item shows when, for every
 * group with a chip pressed, one of its values is pressed — the pages' own rule for chips
 * (`anySelected`, views.ts, which the filter pages call too). A search typed or a select changed
 * before the page is live waits for React.
 */
import { EARLY_HIDDEN, type EarlyResult } from './action.ts';
import { anySelected } from './views.ts';

/** An item's values per facet, for its `data-facets`. */
export function facetsAttribute(facets: Record<string, readonly string[]>): string {
  return JSON.stringify(facets);
}

function pressedValues(group: Element): string[] {
  return [...group.querySelectorAll<HTMLElement>('[data-early="chip"][aria-pressed="true"]')]
    .map((chip) => chip.dataset.value ?? '')
    .filter((value) => value !== '');
}

function press(chip: HTMLElement, group: HTMLElement): void {
  if (group.dataset.choice !== 'one') {
    chip.setAttribute('aria-pressed', String(chip.getAttribute('aria-pressed') !== 'true'));
    return;
  }
  for (const each of group.querySelectorAll('[data-early="chip"]'))
    each.setAttribute('aria-pressed', String(each === chip));
}

export function pressChip(chip: HTMLElement): EarlyResult {
  const group = chip.closest<HTMLElement>('[data-facet]');
  const page = chip.closest('main');
  if (!group || !page) return 'hold';
  press(chip, group);
  const chosen = [...page.querySelectorAll<HTMLElement>('[data-facet]')].map((each) => ({
    facet: each.dataset.facet ?? '',
    values: pressedValues(each),
  }));
  for (const item of page.querySelectorAll<HTMLElement>('[data-facets]')) {
    const facets = JSON.parse(item.dataset.facets ?? '{}') as Record<string, string[]>;
    const shown = chosen.every(({ facet, values }) => anySelected(values, facets[facet] ?? []));
    item.toggleAttribute(EARLY_HIDDEN, !shown);
  }
  return 'replay';
}

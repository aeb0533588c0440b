// @vitest-environment jsdom
/** A filter chip's early action (decision 028); the page each test builds: test-page.fixture.ts. */
import { describe, expect, it } from 'vitest';
import { filterActions } from './actions.ts';
import { $ } from './test-page.fixture.ts';

describe('the filter chips', () => {
  const page = (choice: string) => `<main>
    <fieldset data-facet="category" ${choice}>
      <button data-early="chip" data-value="" aria-pressed="true">All</button>
      <button data-early="chip" data-value="Dairy" aria-pressed="false">Dairy</button>
      <button data-early="chip" data-value="Grains" aria-pressed="false">Grains</button>
    </fieldset>
    <ul><li id="ghee" data-facets='{"category":["Dairy"]}'></li><li id="rice" data-facets='{"category":["Grains"]}'></li></ul></main>`;

  it('a single choice presses one chip and hides what it does not match; All shows everything again', () => {
    document.body.innerHTML = page('data-choice="one"');
    filterActions.chip?.($('[data-value="Dairy"]'));
    expect($('[data-value=""]').getAttribute('aria-pressed')).toBe('false');
    expect($('[data-value="Dairy"]').getAttribute('aria-pressed')).toBe('true');
    expect($('#ghee').hasAttribute('data-early-hidden')).toBe(false);
    expect($('#rice').hasAttribute('data-early-hidden')).toBe(true);
    filterActions.chip?.($('[data-value=""]'));
    expect($('#rice').hasAttribute('data-early-hidden')).toBe(false);
  });

  it('a multiple choice toggles its chip, and an item shows when any chosen value is its own', () => {
    document.body.innerHTML = page('');
    filterActions.chip?.($('[data-value="Dairy"]'));
    filterActions.chip?.($('[data-value="Grains"]'));
    expect($('#ghee').hasAttribute('data-early-hidden')).toBe(false);
    expect($('#rice').hasAttribute('data-early-hidden')).toBe(false);
    filterActions.chip?.($('[data-value="Grains"]'));
    expect($('[data-value="Grains"]').getAttribute('aria-pressed')).toBe('false');
    expect($('#rice').hasAttribute('data-early-hidden')).toBe(true);
  });
});

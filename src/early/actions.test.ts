/**
 * The closed list of early actions (decision 028): what the build reads from it (`earlyActionNames`,
 * run bundled in a node:vm by site-build/defer-hydration.ts) is the list the groups hold.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { EARLY_ACTION_GROUPS, type EarlyActionName, earlyActionNames, staticActions } from './actions.ts';

describe('the early actions', () => {
  it('names each group and its actions, and the static pages’ own', () => {
    const names = earlyActionNames();
    expect(Object.keys(names)).toEqual([...Object.keys(EARLY_ACTION_GROUPS), 'staticActions']);
    expect(names.menuActions).toEqual(['menu', 'menu-close']);
    expect(names.staticActions).toEqual(Object.keys(staticActions));
    for (const [group, actions] of Object.entries(EARLY_ACTION_GROUPS))
      for (const [name, action] of Object.entries(actions)) {
        expect(names[group]).toContain(name);
        expect(typeof action).toBe('function');
      }
  });

  it('types a control’s `data-early` as one of them', () => {
    expectTypeOf<'menu'>().toExtend<EarlyActionName>();
    expectTypeOf<'print'>().toExtend<EarlyActionName>();
    expectTypeOf<'menu-open'>().not.toExtend<EarlyActionName>();
  });
});

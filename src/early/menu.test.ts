// @vitest-environment jsdom
/** The menu's early actions (decision 028); the page each test builds: test-page.fixture.ts. */
import { describe, expect, it } from 'vitest';
import { menuActions } from './actions.ts';
import { $ } from './test-page.fixture.ts';

describe('the menu', () => {
  it('opens and closes as Header renders it, and its overlay closes it', () => {
    document.body.innerHTML = `<header><button data-early="menu" aria-expanded="false" aria-controls="nav" aria-label="Open menu"></button>
      <nav id="nav" class="site-nav"><a href="/">Home</a></nav><div data-early="menu-close"></div></header>`;
    expect(menuActions.menu?.($('[data-early="menu"]'))).toBe('replay');
    expect($('#nav').classList.contains('site-nav--open')).toBe(true);
    expect($('[data-early="menu"]').getAttribute('aria-label')).toBe('Close menu');
    expect(document.activeElement).toBe($('#nav a'));
    menuActions['menu-close']?.($('[data-early="menu-close"]'));
    expect($('[data-early="menu"]').getAttribute('aria-expanded')).toBe('false');
    expect($('#nav').classList.contains('site-nav--open')).toBe(false);
  });
});

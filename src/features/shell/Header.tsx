import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CartIcon, CloseIcon, MenuIcon } from '../../components/icons.tsx';
import { cartLinkLabel, type EarlyActionName, MENU_NAMES, MENU_OPEN_CLASS } from '../../early/index.ts';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { text } from '../../shop/texts/index.ts';
import { useCart } from '../cart/index.ts';

export const NAV_LINKS = [
  { to: '/', label: text('shell.nav.home'), end: true },
  { to: '/who-are-we', label: text('shell.nav.whoAreWe'), end: false },
  { to: '/products', label: text('shell.nav.organicProducts'), end: false },
  { to: '/blog', label: text('shell.nav.blog'), end: false },
  { to: '/contact', label: text('shell.nav.contact'), end: false },
] as const;

export function Header({ shopName }: { shopName: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const navRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Any navigation closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    navRef.current?.querySelector<HTMLAnchorElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={`${shopName}, home`}>
          <LogoMark />
          <span>{shopName}</span>
        </Link>
        <button
          ref={burgerRef}
          type="button"
          className="site-header__burger"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? MENU_NAMES.close : MENU_NAMES.open}
          // Before the page is live, src/early/menu.ts opens it at once (decision 028).
          data-early={'menu' satisfies EarlyActionName}
          onClick={() => setOpen((value) => !value)}
        >
          {/* Both icons, one shown by aria-expanded (shell.css): a tap before React is live swaps them too. */}
          <MenuIcon className="site-header__burger-open" />
          <CloseIcon className="site-header__burger-close" />
        </button>
        <nav
          ref={navRef}
          id={menuId}
          aria-label={text('shell.main')}
          className={`site-nav${open ? ` ${MENU_OPEN_CLASS}` : ''}`}
        >
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} onClick={() => setOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* Always there, shown while the menu is open (shell.css), so a tap before React is live can show it. */}
        <div
          className="site-nav__overlay"
          aria-hidden="true"
          data-early={'menu-close' satisfies EarlyActionName}
          onClick={() => setOpen(false)}
        />
        <CartLink />
      </div>
    </header>
  );
}

export function CartLink() {
  const { count } = useCart();
  const hydrated = useHydrated();
  // The badge is always there, hidden while the cart is empty: before React is live the early
  // script fills it from storage (src/early/add-to-cart.ts, decision 028), so its text may differ from the
  // prerendered page's on hydration, as the link's name may.
  return (
    <Link
      to="/cart"
      className="site-header__cart"
      aria-label={hydrated ? cartLinkLabel(count) : text('shell.cart')}
      suppressHydrationWarning
    >
      <CartIcon />
      <span
        className="site-header__badge"
        aria-hidden="true"
        data-testid="cart-count"
        hidden={count === 0}
        suppressHydrationWarning
      >
        {count > 0 ? String(count) : ''}
      </span>
    </Link>
  );
}

/**
 * The logo mark (public/logo.svg, 515 bytes) drawn inline: it is on every page's first paint, and
 * inline it costs no request of its own before that paint (decision 015).
 */
function LogoMark() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 64 64" width="40" height="40">
      <circle cx="32" cy="32" r="31" fill="#fbf6ec" />
      <circle cx="32" cy="32" r="31" fill="none" stroke="#a4471f" strokeWidth="2" />
      <path d="M6 44 22 22l8 10 8-14 20 26z" fill="#2f5d3a" />
      <path d="m22 22 4 6-4-1-3 4zm16-4 5 8-4-2-3 4z" fill="#fbf6ec" />
      <circle cx="46" cy="16" r="5" fill="#d9a441" />
      <path d="M10 48c8-4 36-4 44 0" stroke="#a4471f" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}

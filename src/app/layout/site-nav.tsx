/**
 * The main navigation: a bar of menus on wide screens, a burger button
 * with the five top-level pages on small ones (CSS shows one or the other).
 */
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { HOME_ITEM, MOBILE_ITEMS, NAV_MENUS } from './nav-items';
import { NavMenu } from './nav-menu';
import './nav.css';
import { awaitingCode, useControlsReady } from '../../lib/use-in-browser';

// The links and menus are drawn again only on a change of page, not when the burger
// button is enabled as hydration ends (useControlsReady), which on a slow phone redrew them all.
const MobileLinks = memo(function MobileLinks() {
  return MOBILE_ITEMS.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end className="nav-mobile-link">
        {item.label}
      </NavLink>
    </li>
  ));
});

const DesktopMenus = memo(function DesktopMenus() {
  return (
    <>
      <li className="nav-item">
        <NavLink to={HOME_ITEM.to} end className="nav-top">
          {HOME_ITEM.label}
        </NavLink>
      </li>
      {NAV_MENUS.map((menu) => (
        <NavMenu key={menu.label} menu={menu} />
      ))}
    </>
  );
});

export function SiteNav() {
  // Disabled until the code runs: a press before hydration would be lost (ADR 0012).
  const ready = useControlsReady();
  const { pathname, hash } = useLocation();
  const here = `${pathname}${hash}`;
  // The menu is open for the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === here;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? here : null);
  const burgerRef = useRef<HTMLButtonElement>(null);

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    burgerRef.current?.focus();
  }

  return (
    <nav className="site-nav" aria-label="Main">
      <div className="container nav-inner">
        <div className="nav-small" onKeyDown={closeOnEscape}>
          <button
            ref={burgerRef}
            type="button"
            className="burger"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(!menuOpen)}
            {...awaitingCode(ready)}
          >
            <span className="burger-icon" aria-hidden="true" />
            Menu
          </button>
          <ul id="mobile-menu" className="nav-mobile" hidden={!menuOpen}>
            <MobileLinks />
          </ul>
        </div>

        <ul className="nav-desktop">
          <DesktopMenus />
        </ul>
      </div>
    </nav>
  );
}

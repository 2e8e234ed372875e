/**
 * One top-level menu as a disclosure: a button that shows or hides its list
 * of links. Click or Enter/Space opens it, Escape closes it and returns
 * focus to the button, and it closes when focus or a click goes elsewhere.
 * No hover menus: they vanish under an unsteady hand.
 */
import { memo, useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import type { NavLinkItem, NavMenuItem } from './nav-items';
import { awaitingCode, useControlsReady } from '../../lib/use-in-browser';
import { StaticMarkup } from '../../lib/ui/static-markup';

/**
 * The menu's links, drawn again only when the menu changes: the button above
 * them is drawn a second time as hydration ends (useControlsReady), and on a slow
 * phone redrawing every link with it was a measurable part of that pass.
 */
const SubmenuLinks = memo(function SubmenuLinks({ items, onChoose }: { items: NavLinkItem[]; onChoose: () => void }) {
  return items.map((item) => (
    <li key={item.to}>
      <Link to={item.to} className="submenu-link" onClick={onChoose}>
        {item.label}
      </Link>
    </li>
  ));
});

export function NavMenu({ menu }: { menu: NavMenuItem }) {
  // Disabled until the code runs: a press before hydration would be lost (ADR 0012).
  const ready = useControlsReady();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  function closeOnLink(event: MouseEvent) {
    if ((event.target as Element).closest('a')) setOpen(false);
  }

  function onBlur(event: FocusEvent) {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <li className="nav-item" ref={rootRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="nav-top"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        {...awaitingCode(ready)}
      >
        {menu.label}
        <span className="nav-chevron" aria-hidden="true" />
      </button>
      {/* On a rendered page the list stays as the server drew it (ADR 0015); a link chosen closes the menu. */}
      <StaticMarkup as="ul" id={listId} className="submenu" hidden={!open} onClick={closeOnLink}>
        <SubmenuLinks items={menu.items} onChoose={close} />
      </StaticMarkup>
    </li>
  );
}

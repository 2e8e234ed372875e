/**
 * Part of a page that never changes once drawn (the footer's contact details
 * and links, the menus' lists of links), left as the server drew it when React hydrates a rendered page
 * (ADR 0015): React skips everything inside, which on a slow phone was part
 * of the main thread's start-up work for nothing. The element itself is
 * React's, given empty inner HTML that hydration keeps rather than compares.
 * Drawn in the browser (the service worker's shell, a change of page) it is
 * ordinary React. Its links are then plain anchors, so a press on one is
 * turned into the router's change of page here, as a Link would do.
 */
import { useState, useSyncExternalStore, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';

const noChanges = () => () => {};
const LEFT_AS_DRAWN = { __html: '' };

type StaticTag = 'div' | 'section' | 'nav' | 'ul';

interface StaticMarkupProps extends HTMLAttributes<HTMLElement> {
  as?: StaticTag;
  children: ReactNode;
}

function followLinksInside(navigate: NavigateFunction, onClick: StaticMarkupProps['onClick']) {
  return (event: MouseEvent<HTMLElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest('a');
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
}

export function StaticMarkup({ as: Tag = 'div', children, ...attributes }: StaticMarkupProps) {
  // True only while hydrating server markup (the server's snapshot); kept for the element's life.
  const hydrating = useSyncExternalStore(noChanges, () => false, () => true);
  const [leftAsDrawn] = useState(hydrating);
  const navigate = useNavigate();
  // The server draws it in full (the server's snapshot says "hydrating" there too).
  if (!leftAsDrawn || typeof document === 'undefined') return <Tag {...attributes}>{children}</Tag>;
  return <Tag {...attributes} onClick={followLinksInside(navigate, attributes.onClick)} suppressHydrationWarning dangerouslySetInnerHTML={LEFT_AS_DRAWN} />;
}

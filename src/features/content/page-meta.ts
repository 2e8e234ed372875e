/**
 * Each content page's tab title and meta description. The description
 * goes back to the site's own (index.html) when the page closes, so a page
 * without one never shows another page's.
 */
import { useEffect } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

function descriptionTag(): HTMLMetaElement {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

export function usePageMeta(title: string | null, description: string): void {
  useDocumentTitle(title);
  useEffect(() => {
    const tag = descriptionTag();
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}

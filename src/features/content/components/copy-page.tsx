/** A page made of copy only (policies, research, guidance): title, description, heading, intro and sections. */
import type { ReactNode } from 'react';
import type { PageCopy } from '@/content/types';
import { usePageMeta } from '../page-meta';
import { CopySections } from './copy';
import '../content.css';

/** `fetched`: the page shows data the browser fetches, so it is hydrated as soon as it is seen (ADR 0023). */
export function CopyPage({ page, children, before, fetched = false }: { page: PageCopy; children?: ReactNode; before?: ReactNode; fetched?: boolean }) {
  usePageMeta(page.title, page.description);
  return (
    <article className="page content-page" data-hydrate-on-view={fetched ? '' : undefined}>
      <h1>{page.heading}</h1>
      {page.intro && <p className="page-lead">{page.intro}</p>}
      {before}
      <CopySections sections={page.sections} />
      {children}
    </article>
  );
}

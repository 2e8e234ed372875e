/** A page made of copy only (policies, research, guidance): title, description, heading, intro and sections. */
import type { ReactNode } from 'react';
import type { PageCopy } from '@/content/types';
import { usePageMeta } from '../page-meta';
import { CopySections } from './copy';
import '../content.css';

export function CopyPage({ page, children, before }: { page: PageCopy; children?: ReactNode; before?: ReactNode }) {
  usePageMeta(page.title, page.description);
  return (
    <article className="page content-page">
      <h1>{page.heading}</h1>
      {page.intro && <p className="page-lead">{page.intro}</p>}
      {before}
      <CopySections sections={page.sections} />
      {children}
    </article>
  );
}

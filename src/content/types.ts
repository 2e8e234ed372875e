/**
 * Shapes of the site's words as data. A page's copy is a list of sections;
 * a section's body is paragraphs, with a string[] for a bulleted list.
 */
export type Paragraphs = (string | string[])[];

export interface Section {
  heading?: string;
  /** In-page anchor (src/lib/paths.ts anchors) the menus scroll to. */
  id?: string;
  body: Paragraphs;
}

export interface Picture {
  /** A file under public/images. */
  src: string;
  /** Empty when the picture only decorates text that says the same. */
  alt: string;
  width: number;
  height: number;
}

export interface PageCopy {
  /** The tab title (the site name is added). */
  title: string;
  /** The search-result description: one or two plain sentences. */
  description: string;
  heading: string;
  intro?: string;
  sections: Section[];
}

/** People and quotations written for the demo, not real persons: the pages say so. */
export interface SampleContent {
  sample: true;
}

/**
 * Text cut at a word boundary near `limit` characters, with Show More /
 * Show Less (docs/rules.md#display-details: 300 for testimonials and about
 * cards, 250 for Get Involved). The button says what it does to which text.
 */
import { useId, useState } from 'react';
import { awaitingCode, useControlsReady } from '@/lib/use-in-browser';

export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

interface TruncatedTextProps {
  paragraphs: string[];
  limit: number;
  /** What the text is, for the button's accessible name: "Show more of Who We Are". */
  subject: string;
  labels?: { more: string; less: string };
}

export function TruncatedText({ paragraphs, limit, subject, labels = { more: 'Show More', less: 'Show Less' } }: TruncatedTextProps) {
  // Disabled until the code runs: a press before hydration would be lost (ADR 0012).
  const ready = useControlsReady();
  const [open, setOpen] = useState(false);
  const id = useId();
  const whole = paragraphs.join('\n\n');
  const needsCut = whole.length > limit;
  const shown = open || !needsCut ? paragraphs : [truncate(whole, limit).replace(/\n\n/g, ' ')];

  return (
    <div className="truncated">
      <div id={id}>
        {shown.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
      {needsCut && (
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={id}
          aria-label={`${open ? labels.less : labels.more}: ${subject}`}
          {...awaitingCode(ready)}
          onClick={() => setOpen(!open)}
        >
          {open ? labels.less : labels.more}
        </button>
      )}
    </div>
  );
}

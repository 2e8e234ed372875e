/**
 * RECENT NEWS: the Archive filter, 4 items a page with numbered page
 * buttons, READ MORE / READ LESS per item (item 0 links out instead), and
 * 'No news to display!' for an empty month. Page, filter and open items
 * live in memory; changing the filter returns to page 1.
 */
import { useId, useState } from 'react';
import { anchors } from '@/lib/paths';
import { once } from '@/domain/once';
import { ARCHIVE_OPTIONS, NEWS_PAGE_SIZE, newsInMonth, type NewsItem } from '@/content/news';
import { awaitingCode, useControlsReady } from '@/lib/use-in-browser';

// One formatter for every item (toLocaleDateString makes a new one per call), made at the first date shown.
const newsDate = once(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
const longDate = (date: string) => newsDate().format(new Date(`${date}T12:00:00Z`));

function NewsArticle({ item, open, onToggle }: { item: NewsItem; open: boolean; onToggle: () => void }) {
  // Disabled until the code runs: a press before hydration would be lost (ADR 0012).
  const ready = useControlsReady();
  const bodyId = `news-${item.id}-body`;
  return (
    <article className="card news-item" aria-labelledby={`news-${item.id}-title`}>
      <img src={item.image.src} alt="" width={item.image.width} height={item.image.height} loading="lazy" className="news-picture" />
      <div>
        <h3 id={`news-${item.id}-title`}>{item.title}</h3>
        <p className="news-date">
          <time dateTime={item.date}>{longDate(item.date)}</time>
        </p>
        <p>{item.description}</p>
        {item.externalUrl ? (
          <a href={item.externalUrl} target="_blank" rel="noopener noreferrer" className="link-button">
            READ MORE<span className="visually-hidden">: {item.title} (opens in a new tab)</span>
          </a>
        ) : (
          <>
            <div id={bodyId} hidden={!open}>
              {item.body.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
            <button type="button" className="link-button" aria-expanded={open} aria-controls={bodyId} onClick={onToggle} {...awaitingCode(ready)}>
              {open ? 'READ LESS' : 'READ MORE'}
              <span className="visually-hidden">: {item.title}</span>
            </button>
          </>
        )}
      </div>
    </article>
  );
}

export function NewsList() {
  // Disabled until the code runs: a press before hydration would be lost (ADR 0012).
  const ready = useControlsReady();
  const selectId = useId();
  const [month, setMonth] = useState('all');
  const [page, setPage] = useState(1);
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());

  const items = newsInMonth(month);
  const pageCount = Math.max(1, Math.ceil(items.length / NEWS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const shown = items.slice((current - 1) * NEWS_PAGE_SIZE, current * NEWS_PAGE_SIZE);

  const toggle = (id: number) =>
    setOpenIds((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section id={anchors.latestNews} aria-labelledby="recent-news-title">
      <h2 id="recent-news-title">RECENT NEWS</h2>
      <p className="news-filter">
        <label htmlFor={selectId}>Archive</label>
        <select
          id={selectId}
          {...awaitingCode(ready)}
          value={month}
          onChange={(event) => {
            setMonth(event.target.value);
            setPage(1);
          }}
        >
          {ARCHIVE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </p>
      {shown.length === 0 ? (
        <p className="notice">No news to display!</p>
      ) : (
        <div className="news-items">
          {shown.map((item) => (
            <NewsArticle key={item.id} item={item} open={openIds.has(item.id)} onToggle={() => toggle(item.id)} />
          ))}
        </div>
      )}
      {pageCount > 1 && (
        <nav aria-label="News pages" className="news-pages">
          <ul>
            {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                <button
                  type="button"
                  className="button button-small"
                  aria-current={n === current ? 'page' : undefined}
                  aria-label={`Page ${n}`}
                  onClick={() => setPage(n)}
                  {...awaitingCode(ready)}
                >
                  {n}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}

/**
 * Tap targets measured on the page: every control shown (button, a[href],
 * input, select, textarea, [role=button], summary) at least 44 by 44 CSS
 * pixels (WCAG 2.5.5, a thumb's width). A checkbox or radio counts with the
 * label that wraps or names it, since a tap on the label works it. The one
 * exception is WCAG 2.5.8's inline one: a link inside a sentence (an inline
 * link with words of the same block around it), whose size the line of text
 * sets. What is hidden (.visually-hidden, [hidden], print only) is not
 * measured.
 */
import type { Page } from './test';

export const TARGET_MIN = 44;

/** Each control smaller than `min` CSS px either way, named with its text and size. */
export async function smallTargets(page: Page, min = TARGET_MIN): Promise<string[]> {
  return page.evaluate((min) => {
    const found: string[] = [];
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !el.closest('.visually-hidden, [hidden], .print-only');
    };
    // A link in a sentence: shown inline, with words of its own block outside it.
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      if (!block) return false;
      const outside = (block.textContent ?? '').replace(el.textContent ?? '', '').trim();
      return /\p{L}{2,}/u.test(outside);
    };
    const controls = document.querySelectorAll('button, a[href], input, select, textarea, [role=button], summary');
    for (const el of Array.from(controls)) {
      if (!shown(el)) continue;
      if (el instanceof HTMLInputElement && el.type === 'hidden') continue;
      if (el.tagName === 'A' && inSentence(el)) continue;
      let box = el.getBoundingClientRect();
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40) || (el as HTMLInputElement).name || el.id;
        found.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return found;
  }, min);
}

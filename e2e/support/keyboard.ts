import type { Page } from '@playwright/test';

/** A control the Tab key stopped on: its role or tag and its accessible name, and whether it could be seen. */
export interface TabStop {
  what: string;
  name: string;
  visible: boolean;
}

export interface TabWalk {
  /** Every stop, in order, from the top of the page until the focus left it (or came back to the first stop). */
  stops: TabStop[];
  /** Controls a pointer could use that the walk never reached (a trap before them, or out of the Tab order). */
  missed: string[];
  /** Whether the walk ended by leaving the page (not stuck in a loop inside it). */
  leftThePage: boolean;
}

/**
 * Walks a page with the Tab key as a keyboard user does, from its start, and compares the stops with the controls
 * on the page: visible links, buttons, fields and anything with tabindex ≥ 0 (disabled ones aside). A trap shows as
 * a loop that never leaves the page, and as the controls after it missed.
 */
export async function tabWalk(page: Page, maxStops = 250): Promise<TabWalk> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const el of document.querySelectorAll('[data-tab-walk]')) el.removeAttribute('data-tab-walk');
    window.scrollTo(0, 0);
  });
  const stops: TabStop[] = [];
  let leftThePage = false;
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((index) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || el === document.documentElement) return { end: true as const };
      const previous = el.getAttribute('data-tab-walk');
      if (previous === null) el.setAttribute('data-tab-walk', String(index));
      // A visually hidden input (a radio of a segmented control) shows its focus on the label around it.
      const shown = el.getBoundingClientRect().width > 1 ? el : (el.closest('label') ?? el);
      const rect = shown.getBoundingClientRect();
      const style = getComputedStyle(shown);
      const labelledBy = el.getAttribute('aria-labelledby');
      const name = (
        el.getAttribute('aria-label') ||
        (labelledBy &&
          labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')) ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.getAttribute('title') ||
        el.getAttribute('placeholder') ||
        el.innerText ||
        ''
      )
        .replace(/\s+/g, ' ')
        .trim();
      return {
        end: false as const,
        previous,
        what: el.getAttribute('role') || el.tagName.toLowerCase(),
        name,
        visible: rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden',
      };
    }, i);
    if (stop.end) {
      leftThePage = true;
      break;
    }
    if (stop.previous !== null) {
      // Back to a stop already made: round the page once (the first stop again), or stuck in a loop.
      leftThePage = stop.previous === '0';
      break;
    }
    stops.push({ what: stop.what, name: stop.name, visible: stop.visible });
  }
  const missed = await page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        if (el.hasAttribute('data-tab-walk')) return false;
        if ((el as HTMLButtonElement).disabled || el.closest('[inert], [aria-hidden="true"]')) return false;
        if (el.tabIndex < 0) return false;
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden' && style.display !== 'none';
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.innerText || '').trim()}"`,
      );
  });
  return { stops, missed, leftThePage };
}

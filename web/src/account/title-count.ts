/**
 * The count of games waiting for the player at the head of the tab's title, "(2) Expedition",
 * whatever the page sets the rest of the title to: a title changed without it (a page, the turn
 * alert) gets it back at once.
 */
const PREFIX = /^\(\d+\) /;
let count = 0;
let observer: MutationObserver | null = null;

function apply(): void {
  const base = document.title.replace(PREFIX, '');
  const want = count > 0 ? `(${count}) ${base}` : base;
  if (document.title !== want) document.title = want;
}

/** Shows `n` in the title (0: none), until it is set again. */
export function setTitleCount(n: number): void {
  count = n;
  apply();
  if (n > 0 && observer === null && typeof MutationObserver !== 'undefined') {
    const title = document.querySelector('title');
    if (title) {
      observer = new MutationObserver(apply);
      observer.observe(title, { childList: true, characterData: true, subtree: true });
    }
  } else if (n === 0 && observer) {
    observer.disconnect();
    observer = null;
  }
}

/** The title without the count (what a page set). */
export const titleWithoutCount = (title: string): string => title.replace(PREFIX, '');

/**
 * What a player trips on at the table that the text measure (text-fit.ts) does not see: choices of
 * the decision panel out of view, the log's newest line under another element, a phone's header and
 * status bar pushing the board down. Each returns its offenders worded, for an assertion.
 */
import type { Page } from 'playwright-core';
import type { InPage, PageElement } from './page.js';

type Measured = PageElement & {
  readonly innerText: string;
  readonly clientHeight: number;
  readonly clientTop: number;
  querySelectorAll(selector: string): Iterable<Measured>;
};

/** The decision panel's choices that are not wholly in view, in the panel's box and in the window: "Temple, Banner 3 (cut by 14 px)". */
export function choicesOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = globalThis as unknown as InPage & { innerHeight: number };
    const panel = w.document.querySelector('[data-testid="decision-panel"]') as Measured | null;
    if (!panel) return ['no decision panel'];
    const p = panel.getBoundingClientRect();
    const bottom = Math.min(p.top + panel.clientTop + panel.clientHeight, w.innerHeight);
    const out: string[] = [];
    for (const el of panel.querySelectorAll('[data-choosable]')) {
      const r = el.getBoundingClientRect();
      const cut = Math.round(r.top + r.height - bottom);
      if (cut > 0) out.push(`${el.getAttribute('aria-label') ?? el.innerText.trim()} (cut by ${cut} px)`);
    }
    return out;
  });
}

/** The log's newest line, when another element covers it or it is out of the window: what covers it. */
export function logEndCovered(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const w = globalThis as unknown as InPage & { innerHeight: number; innerWidth: number };
    const scroll = w.document.querySelector('[data-testid="log-scroll"]') as Measured | null;
    const lines = [...(scroll?.querySelectorAll('.log-line') ?? [])];
    const last = lines[lines.length - 1];
    if (!scroll || !last) return 'no log line';
    (scroll as unknown as { scrollTop: number; scrollHeight: number }).scrollTop = 1e9;
    (last as PageElement).scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = last.getBoundingClientRect();
    for (const y of [r.top + 2, r.top + r.height - 2]) {
      const at = w.document.elementFromPoint(r.left + Math.min(8, r.width / 2), y);
      if (at === null) return `nothing at y=${Math.round(y)} (off the window)`;
      if (at !== last && !last.contains(at)) {
        const cls = at.getAttribute('class') ?? '';
        return `"${(at.textContent ?? '').trim().slice(0, 40)}" (${cls || 'no class'}) at y=${Math.round(y)}`;
      }
    }
    return null;
  });
}

/** Heights on the table's page: the header, the status bar and where the board starts (px from the top). */
export function tableTop(page: Page): Promise<{ header: number; headerLines: number; status: number; statusLines: number; board: number }> {
  return page.evaluate(() => {
    const d = (globalThis as unknown as InPage).document;
    const box = (sel: string) => d.querySelector(sel)?.getBoundingClientRect();
    // Lines as rows of the element's children with distinct tops (a row of buttons is one line).
    const lines = (sel: string) => {
      const el = d.querySelector(sel) as unknown as { children: Iterable<PageElement> } | null;
      if (!el) return 0;
      const tops: number[] = [];
      for (const c of el.children) {
        const r = c.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (!tops.some((t) => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top);
      }
      return tops.length;
    };
    const board = box('.board-area svg') ?? box('.board-area');
    return {
      header: Math.round(box('.app-header')?.height ?? 0),
      headerLines: lines('.app-header'),
      status: Math.round(box('.status-bar')?.height ?? 0),
      statusLines: lines('.status-bar'),
      board: Math.round(board?.top ?? -1),
    };
  });
}

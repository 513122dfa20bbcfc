/**
 * Finds text that a person cannot read whole on a page, in five kinds: `clipped` (cut by a box that
 * clips it: overflow hidden or clip, an ellipsis, an <svg>'s edge, a <select> narrower than its
 * options), `split-word` (a word broken across two lines where nothing allows a break),
 * `overlap` (two labels on top of each other), `covered` (SVG text painted over by a shape drawn
 * after it) and `off-shape` (SVG text running over the edge of the shape it is written on).
 * Written once for every browser test: `textFaults(page)` measures the page as it is now
 * (page.evaluate) and returns every offender with its selector path and text; `describeFaults`
 * words them for an assertion.
 *
 * What counts as text: every rendered element whose own text (its direct text nodes) is not blank,
 * HTML and SVG `<text>` alike, and the options of a `<select>`. Invisible elements, text only for
 * screen readers (a 1 px clipped box), closed `<details>`, what a scroll container hides now
 * (reachable by scrolling) and SVG text under a cover drawn on purpose (a `[data-cover]` group
 * over a place out of play) are left out.
 */
import type { Page } from 'playwright-core';

export type TextFaultKind = 'clipped' | 'off-shape' | 'split-word' | 'overlap' | 'covered';

export interface TextFault {
  readonly kind: TextFaultKind;
  /** A CSS-like path to the element: `section.score-screen > table > thead > tr > th[data-testid=score-row-3] > span.score-name`. */
  readonly path: string;
  readonly text: string;
  /** The other party: the clipping box, the shape, the overlapping label or the covering shape. */
  readonly other: { readonly path: string; readonly text: string } | null;
  /** By how much, in CSS pixels, or what. */
  readonly detail: string;
}

/** Measures the page now. The page's own layout decides: nothing is moved or scrolled. */
export function textFaults(page: Page): Promise<TextFault[]> {
  return page.evaluate(scan);
}

/** One line per fault, prefixed with where (language, viewport, screen). */
export function describeFaults(where: string, faults: readonly TextFault[]): string[] {
  return faults.map(
    (f) =>
      `[${where}] ${f.kind}: "${f.text}" at ${f.path}${f.other ? ` / ${f.other.text ? `"${f.other.text}" at ` : ''}${f.other.path}` : ''} (${f.detail})`,
  );
}

// ---- In the page. The tests are compiled without the DOM library: these are the few DOM types used.

interface Rect {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly width: number;
  readonly height: number;
}
interface Point {
  readonly x: number;
  readonly y: number;
  matrixTransform(m: Matrix): Point;
}
interface Matrix {
  inverse(): Matrix;
}
interface Style {
  readonly display: string;
  readonly position: string;
  readonly overflowX: string;
  readonly overflowY: string;
  readonly textOverflow: string;
  readonly hyphens: string;
  readonly fill: string;
  readonly stroke: string;
  readonly strokeWidth: string;
  readonly fillOpacity: string;
  readonly strokeOpacity: string;
  readonly opacity: string;
  readonly visibility: string;
  readonly transform: string;
  getPropertyValue(name: string): string;
}
interface Node {
  readonly nodeType: number;
  readonly nodeValue: string | null;
  readonly parentNode: Node | null;
}
interface El extends Node {
  readonly tagName: string;
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly id: string;
  readonly parentElement: El | null;
  readonly childNodes: ArrayLike<Node>;
  readonly children: ArrayLike<El>;
  readonly previousElementSibling: El | null;
  readonly classList: ArrayLike<string>;
  readonly clientWidth: number;
  readonly clientHeight: number;
  readonly clientLeft: number;
  readonly clientTop: number;
  readonly scrollWidth: number;
  readonly scrollHeight: number;
  readonly textContent: string | null;
  readonly ownerSVGElement?: El | null;
  readonly style: { setProperty(name: string, value: string): void };
  readonly options?: ArrayLike<El>;
  readonly selectedIndex?: number;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): Rect;
  getClientRects(): ArrayLike<Rect>;
  contains(other: El): boolean;
  closest?(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
  insertBefore(node: El, child: El): El;
  checkVisibility?(o: { checkOpacity: boolean; checkVisibilityCSS: boolean }): boolean;
  cloneNode(deep: boolean): El;
  remove(): void;
  // SVG
  getScreenCTM?(): Matrix | null;
  getNumberOfChars?(): number;
  getExtentOfChar?(i: number): { x: number; y: number; width: number; height: number };
  isPointInFill?(p: { x: number; y: number }): boolean;
  isPointInStroke?(p: { x: number; y: number }): boolean;
}
interface Range {
  selectNodeContents(n: Node): void;
  setStart(n: Node, offset: number): void;
  setEnd(n: Node, offset: number): void;
  getClientRects(): ArrayLike<Rect>;
}
interface Doc {
  readonly body: El;
  querySelectorAll(selector: string): ArrayLike<El>;
  createRange(): Range;
}
interface Win {
  readonly document: Doc;
  getComputedStyle(el: El): Style;
  DOMPoint: new (x: number, y: number) => Point;
}

/** Runs inside the page (serialized by page.evaluate): it may use nothing from this module. */
function scan(): TextFault[] {
  const win = globalThis as unknown as Win;
  const doc = win.document;
  const SVG = 'http://www.w3.org/2000/svg';
  const style = (el: El) => win.getComputedStyle(el);
  const faults: TextFault[] = [];
  /** Tolerance for rounding and antialiasing, in CSS pixels. */
  const SLACK = 1.5;

  const describe = (el: El): string => {
    const parts: string[] = [];
    for (let e: El | null = el; e && e !== doc.body && parts.length < 6; e = e.parentElement) {
      let p = e.localName;
      const testId = e.getAttribute('data-testid');
      if (e.id) p += `#${e.id}`;
      else if (testId) p += `[data-testid=${testId}]`;
      else if (e.getAttribute('data-loc')) p += `[data-loc=${e.getAttribute('data-loc')}]`;
      const classes = Array.from(e.classList).slice(0, 2);
      if (classes.length > 0) p += `.${classes.join('.')}`;
      parts.unshift(p);
    }
    return parts.join(' > ');
  };
  const clip = (s: string) => (s.length > 70 ? `${s.slice(0, 67)}…` : s);
  const ownTextNodes = (el: El): Node[] => Array.from(el.childNodes).filter((n) => n.nodeType === 3 && (n.nodeValue ?? '').trim() !== '');
  const isSvg = (el: El) => el.namespaceURI === SVG;
  const union = (rs: readonly Rect[]): Rect => {
    const left = Math.min(...rs.map((r) => r.left));
    const right = Math.max(...rs.map((r) => r.right));
    const top = Math.min(...rs.map((r) => r.top));
    const bottom = Math.max(...rs.map((r) => r.bottom));
    return { left, right, top, bottom, width: right - left, height: bottom - top };
  };

  /** Hidden from sight: not rendered, transparent, or a screen-reader-only box (1 px, clipped). */
  const invisible = (el: El): boolean => {
    if (el.checkVisibility && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return true;
    for (let e: El | null = el; e; e = e.parentElement) {
      if (e.localName === 'title' || e.localName === 'desc' || e.localName === 'option' || e.localName === 'optgroup') return true;
      const r = e.getBoundingClientRect();
      const s = style(e);
      if (r.width <= 1 && r.height <= 1 && (s.overflowX !== 'visible' || s.getPropertyValue('clip') !== 'auto')) return true;
    }
    return false;
  };

  interface Item {
    readonly el: El;
    readonly text: string;
    /** Where the glyphs are: line boxes for HTML, the glyph cells' box for SVG text. */
    readonly rects: Rect[];
    /** The parts of `rects` inside every box that clips or scrolls them. */
    readonly shown: Rect[];
    readonly svg: boolean;
  }
  /** The part of the page an element's content can be seen in: its clipping and scrolling ancestors' boxes, intersected. */
  const viewport = (el: El) => {
    const v = { left: -Infinity, right: Infinity, top: -Infinity, bottom: Infinity };
    for (let a = el.parentElement; a && a !== doc.body; a = a.parentElement) {
      const s = style(a);
      if (isSvg(a) && a.localName !== 'svg') continue;
      const r = a.getBoundingClientRect();
      if (s.overflowX !== 'visible') {
        v.left = Math.max(v.left, r.left + a.clientLeft);
        v.right = Math.min(v.right, r.left + a.clientLeft + (a.clientWidth || r.width));
      }
      if (s.overflowY !== 'visible') {
        v.top = Math.max(v.top, r.top + a.clientTop);
        v.bottom = Math.min(v.bottom, r.top + a.clientTop + (a.clientHeight || r.height));
      }
      if (s.position === 'fixed') break;
    }
    return v;
  };
  const items: Item[] = [];
  const range = doc.createRange();
  for (const el of Array.from(doc.querySelectorAll('body *'))) {
    if (['script', 'style', 'noscript', 'template', 'select', 'textarea'].includes(el.localName)) continue;
    const svg = isSvg(el);
    let rects: Rect[];
    let text: string;
    if (svg) {
      // A <text>'s glyphs, tspans included; other SVG elements carry no text of their own.
      if (el.localName !== 'text') continue;
      text = (el.textContent ?? '').trim();
      if (text === '') continue;
      const r = el.getBoundingClientRect();
      rects = r.width > 0 && r.height > 0 ? [r] : [];
    } else {
      const nodes = ownTextNodes(el);
      if (nodes.length === 0) continue;
      text = nodes
        .map((n) => n.nodeValue ?? '')
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      rects = [];
      for (const n of nodes) {
        range.selectNodeContents(n);
        for (const r of Array.from(range.getClientRects())) if (r.width > 0.5 && r.height > 0.5) rects.push(r);
      }
    }
    if (rects.length === 0 || invisible(el)) continue;
    // What a scroll container or clipping box hides now is out of sight, not on top of anything.
    const port = viewport(el);
    const shown = rects.flatMap((r) => {
      const left = Math.max(r.left, port.left);
      const right = Math.min(r.right, port.right);
      const top = Math.max(r.top, port.top);
      const bottom = Math.min(r.bottom, port.bottom);
      return right - left > 0.5 && bottom - top > 0.5 ? [{ left, right, top, bottom, width: right - left, height: bottom - top }] : [];
    });
    items.push({ el, text, rects, shown, svg });
  }

  // (a) Clipped: the glyphs reach outside a box that clips them (overflow hidden or clip, an
  // ellipsis, an <svg>'s viewport). Scroll containers end the search: what they hide is reachable.
  for (const it of items) {
    const box = union(it.rects);
    let xDone = false;
    let yDone = false;
    let needPositioned = !it.svg && style(it.el).position === 'absolute';
    if (!it.svg) {
      const s = style(it.el);
      if ((s.overflowX === 'hidden' || s.overflowX === 'clip') && it.el.scrollWidth > it.el.clientWidth + 1 && it.el.clientWidth > 0) {
        faults.push({
          kind: 'clipped',
          path: describe(it.el),
          text: clip(it.text),
          other: null,
          detail: `${it.el.scrollWidth - it.el.clientWidth} px wider than its box${s.textOverflow === 'ellipsis' ? ', cut with an ellipsis' : ''}`,
        });
        continue;
      }
    }
    for (let a: El | null = it.svg ? (it.el.ownerSVGElement ?? null) : it.el; a && a !== doc.body; a = a.parentElement) {
      const s = style(a);
      if (isSvg(a) && a.localName !== 'svg' && a.localName !== 'foreignObject') continue;
      if (s.position === 'fixed') break;
      if (needPositioned && a !== it.el) {
        if (s.position === 'static' && s.transform === 'none') continue;
        needPositioned = s.position === 'absolute';
      } else if (a !== it.el) needPositioned = s.position === 'absolute';
      const r = a.getBoundingClientRect();
      const inner = {
        left: r.left + a.clientLeft,
        right: r.left + a.clientLeft + (a.clientWidth || r.width),
        top: r.top + a.clientTop,
        bottom: r.top + a.clientTop + (a.clientHeight || r.height),
      };
      const cutsX = s.overflowX === 'hidden' || s.overflowX === 'clip';
      const cutsY = s.overflowY === 'hidden' || s.overflowY === 'clip';
      let cut = '';
      if (!xDone && cutsX && (box.left < inner.left - SLACK || box.right > inner.right + SLACK))
        cut = `${Math.round(Math.max(inner.left - box.left, box.right - inner.right))} px cut at the side`;
      else if (!yDone && cutsY && (box.top < inner.top - SLACK || box.bottom > inner.bottom + SLACK))
        cut = `${Math.round(Math.max(inner.top - box.top, box.bottom - inner.bottom))} px cut at the top or bottom`;
      if (cut) {
        faults.push({ kind: 'clipped', path: describe(it.el), text: clip(it.text), other: { path: describe(a), text: '' }, detail: cut });
        break;
      }
      if (s.overflowX !== 'visible') xDone = true;
      if (s.overflowY !== 'visible') yDone = true;
      if (xDone && yDone) break;
    }
  }

  // (a) A <select> narrower than one of its options: the shown option is cut (an auto-width copy
  // beside it measures what it needs).
  for (const sel of Array.from(doc.querySelectorAll('select'))) {
    if (invisible(sel) || !sel.parentElement) continue;
    const copy = sel.cloneNode(true);
    for (const [k, v] of [
      ['position', 'absolute'],
      ['visibility', 'hidden'],
      ['width', 'auto'],
      ['min-width', '0'],
      ['max-width', 'none'],
      ['flex', 'none'],
    ] as const)
      copy.style.setProperty(k, v);
    sel.parentElement.insertBefore(copy, sel);
    const need = copy.getBoundingClientRect().width;
    copy.remove();
    const has = sel.getBoundingClientRect().width;
    if (need > has + SLACK) {
      const longest = Array.from(sel.options ?? [])
        .map((o) => (o.textContent ?? '').trim())
        .reduce((a, b) => (b.length > a.length ? b : a), '');
      faults.push({
        kind: 'clipped',
        path: describe(sel),
        text: clip(longest),
        other: null,
        detail: `a ${Math.round(has)} px select whose options need ${Math.round(need)} px`,
      });
    }
  }

  // (c) A word broken across two lines where nothing allows a break (no space, hyphen or slash,
  // and no hyphen drawn by `hyphens: auto`).
  const BREAKS_AFTER = new Set(['-', '/', '\u2010', '\u2013', '\u2014', '\u00ad', '\u200b', '·']);
  const LETTER = /\p{L}/u;
  for (const it of items) {
    if (it.svg || it.rects.length < 2) continue;
    const hyphenates = style(it.el).hyphens === 'auto';
    for (const n of ownTextNodes(it.el)) {
      const s = n.nodeValue ?? '';
      let prevTop: number | null = null;
      let prevBottom = 0;
      for (let i = 0; i < s.length; i++) {
        range.setStart(n, i);
        range.setEnd(n, i + 1);
        const r = Array.from(range.getClientRects())[0];
        if (!r) continue;
        const c = s[i]!;
        const p = i > 0 ? s[i - 1]! : ' ';
        const newLine = prevTop !== null && r.top >= prevBottom - 2;
        if (newLine && !/\s/.test(c) && !/\s/.test(p) && !BREAKS_AFTER.has(p) && !(hyphenates && LETTER.test(p) && LETTER.test(c))) {
          const from = s.lastIndexOf(' ', i) + 1;
          const to = s.indexOf(' ', i);
          faults.push({
            kind: 'split-word',
            path: describe(it.el),
            text: clip(it.text),
            other: null,
            detail: `"${s.slice(from, i)}" / "${s.slice(i, to < 0 ? undefined : to)}"`,
          });
          break;
        }
        if (!/\s/.test(c)) {
          prevTop = r.top;
          prevBottom = r.bottom;
        }
      }
    }
  }

  // (b) Two labels on top of each other (an element and its own descendants excepted). Line boxes
  // of stacked lines touch: an overlap counts when it is over a quarter of the lower glyph height.
  const overlap = (a: Rect, b: Rect) => {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return w > 2 && h > Math.max(2, 0.25 * Math.min(a.height, b.height)) ? { w, h } : null;
  };
  // A sticky or fixed bar (a submit button held in view) has the page scroll under it by design.
  const floating = (el: El) => {
    for (let e: El | null = el; e; e = e.parentElement) if (['sticky', 'fixed'].includes(style(e).position)) return true;
    return false;
  };
  const seen = items.filter((it) => it.shown.length > 0 && !floating(it.el));
  const boxes = seen.map((it) => union(it.shown));
  for (let i = 0; i < seen.length; i++) {
    for (let j = i + 1; j < seen.length; j++) {
      const a = seen[i]!;
      const b = seen[j]!;
      if (!overlap(boxes[i]!, boxes[j]!) || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      let hit: { w: number; h: number } | null = null;
      for (const ra of a.shown) for (const rb of b.shown) hit ??= overlap(ra, rb);
      if (hit)
        faults.push({
          kind: 'overlap',
          path: describe(a.el),
          text: clip(a.text),
          other: { path: describe(b.el), text: clip(b.text) },
          detail: `${Math.round(hit.w)}×${Math.round(hit.h)} px in common`,
        });
    }
  }

  // (d) SVG text and the shapes of its drawing, glyph by glyph (5 × 3 points in each glyph's cell):
  // a shape drawn after the text must not paint over any point (an opaque fill or stroke), and an
  // opaque shape drawn before it must hold all of its points or none (a label on a card's edge,
  // a name wider than its box). Strokes beneath (map lines) are left alone: labels may cross them.
  const PAINTED = ['rect', 'circle', 'ellipse', 'polygon', 'polyline', 'path', 'line', 'image', 'use'];
  const alpha = (colour: string): number => {
    if (colour === 'none' || colour === 'transparent' || colour === '') return 0;
    const m = /rgba?\(([^)]*)\)/.exec(colour);
    if (!m) return 1; // a pattern or gradient
    const parts = m[1]!.split(/[\s,/]+/).filter(Boolean);
    return parts.length >= 4 ? Number(parts[3]!.endsWith('%') ? parseFloat(parts[3]!) / 100 : parts[3]) : 1;
  };
  const opacity = (el: El): number => {
    let o = 1;
    for (let e: El | null = el; e && isSvg(e); e = e.parentElement) o *= Number(style(e).opacity);
    return o;
  };
  const drawings = new Map<El, { order: Map<El, number>; painted: El[] }>();
  const drawing = (root: El) => {
    let d = drawings.get(root);
    if (!d) {
      d = {
        order: new Map(Array.from(root.querySelectorAll('*')).map((e, i) => [e, i])),
        painted: Array.from(root.querySelectorAll(PAINTED.join(','))),
      };
      drawings.set(root, d);
    }
    return d;
  };
  for (const it of items) {
    if (!it.svg || it.shown.length === 0 || !it.el.getNumberOfChars || !it.el.getExtentOfChar || !it.el.getScreenCTM) continue;
    const root = it.el.ownerSVGElement;
    const ctm = it.el.getScreenCTM();
    if (!root || !ctm) continue;
    const box = it.rects[0]!;
    const { order, painted } = drawing(root);
    const mine = order.get(it.el) ?? -1;
    // A label drawn with a halo (its stroke painted first) stays legible over any shape beneath.
    const ts = style(it.el);
    const haloed = ts.stroke !== 'none' && parseFloat(ts.strokeWidth) >= 2 && ts.getPropertyValue('paint-order').startsWith('stroke');
    const near = painted.filter((sh) => {
      if (sh.contains(it.el) || invisible(sh)) return false;
      // A cover drawn on purpose over what is out of play (a place closed in this game: [data-cover]).
      if ((order.get(sh) ?? -1) > mine && sh.closest?.('[data-cover]')) return false;
      const r = sh.getBoundingClientRect();
      return !(r.right < box.left || r.left > box.right || r.bottom < box.top || r.top > box.bottom);
    });
    if (near.length === 0) continue;
    const points: Point[] = [];
    const n = it.el.getNumberOfChars();
    for (let i = 0; i < n; i++) {
      const g = it.el.getExtentOfChar(i);
      if (g.width <= 0 || /\s/.test((it.el.textContent ?? '')[i] ?? '')) continue;
      for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9])
        for (const fy of [0.3, 0.5, 0.7]) points.push(new win.DOMPoint(g.x + g.width * fx, g.y + g.height * fy).matrixTransform(ctm));
    }
    // Above: any point painted over is a fault. Beneath: each point is on the topmost opaque
    // shape under it (or on none); a label whose points lie on two of them runs off the one it
    // is written on (two points or more on each side: a glyph's edge on a shape's edge is none).
    const beneath = new Map<Point, El | null>(points.map((pt) => [pt, null]));
    let fault: TextFault | null = null;
    for (const sh of near.slice().sort((x, y) => (order.get(y) ?? -1) - (order.get(x) ?? -1))) {
      const sm = sh.getScreenCTM?.();
      if (!sm) continue;
      const inv = sm.inverse();
      const st = style(sh);
      const o = opacity(sh);
      const above = (order.get(sh) ?? -1) > mine;
      if (!above && haloed) continue;
      const fills = alpha(st.fill) * Number(st.fillOpacity) * o >= 0.5;
      const strokes = above && alpha(st.stroke) * Number(st.strokeOpacity) * o >= 0.5 && parseFloat(st.strokeWidth) > 0;
      const whole = sh.localName === 'image' || sh.localName === 'use';
      if (!fills && !strokes && !whole) continue;
      const r = sh.getBoundingClientRect();
      const on = points.filter((pt) => {
        if (whole) return pt.x >= r.left && pt.x <= r.right && pt.y >= r.top && pt.y <= r.bottom;
        const q = pt.matrixTransform(inv);
        return (fills && sh.isPointInFill?.(q) === true) || (strokes && sh.isPointInStroke?.(q) === true);
      });
      if (above) {
        if (on.length > 0) {
          fault = {
            kind: 'covered',
            path: describe(it.el),
            text: clip(it.text),
            other: { path: describe(sh), text: '' },
            detail: `${on.length} of ${points.length} glyph points under a ${fills ? 'filled' : 'stroked'} ${sh.localName} drawn over it`,
          };
          break;
        }
      } else for (const pt of on) if (beneath.get(pt) === null) beneath.set(pt, sh);
    }
    if (!fault) {
      const groups = new Map<El | null, number>();
      for (const sh of beneath.values()) groups.set(sh, (groups.get(sh) ?? 0) + 1);
      const big = [...groups].filter(([, n]) => n >= 2).sort((x, y) => y[1] - x[1]);
      const main = big[0]?.[0];
      if (big.length >= 2 && main) {
        const r = main.getBoundingClientRect();
        fault = {
          kind: 'off-shape',
          path: describe(it.el),
          text: clip(it.text),
          other: { path: describe(main), text: '' },
          detail: `${points.length - big[0]![1]} of ${points.length} glyph points off the ${Math.round(r.width)} px ${main.localName} it is written on`,
        };
      }
    }
    if (fault) faults.push(fault);
  }
  return faults;
}

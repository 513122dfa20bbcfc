import { useLayoutEffect, useRef, type SVGProps } from 'react';

/**
 * An SVG label no wider than `maxWidth` (user units). SVG text cannot wrap, and a translation may be
 * longer than the place drawn for it: a label that would run into its neighbours or out of its box
 * is narrowed to fit (glyphs and spacing together, as print does), never cut. Its full text stays.
 */
export function FitText({ maxWidth, children, ...props }: SVGProps<SVGTextElement> & { maxWidth: number }) {
  const ref = useRef<SVGTextElement>(null);
  // Measured after every render: the text, its font or the language may have changed.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof el.getComputedTextLength !== 'function') return;
    el.removeAttribute('textLength');
    el.removeAttribute('lengthAdjust');
    if (el.getComputedTextLength() > maxWidth) {
      el.setAttribute('textLength', String(maxWidth));
      el.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    }
  });
  return (
    <text ref={ref} {...props}>
      {children}
    </text>
  );
}

/**
 * Fitting a line of text into its room on the table: scaled down, but never below a readable size;
 * past that a shorter form, and at last a cut with '…'. Pure (the width is measured by the caller),
 * so the tests can check what a phone's seat box shows.
 */

/** The smallest text on the table (px): a phone's seat box writes its second line at this size. */
export const MIN_TEXT_PX = 9;

export interface Fitted {
  text: string;
  /** The scale to draw it at (1: its own size). */
  scale: number;
}

/**
 * The first of `forms` (head + tail) that fits `room` at a size of at least MIN_TEXT_PX (its own
 * size `px` or smaller), scaled so; failing all, the last with its head cut short with '…' (the
 * tail, say a bet's value, stays whole).
 */
export function fitText(forms: [string, string][], room: number, px: number, width: (text: string) => number): Fitted {
  const floor = Math.min(1, MIN_TEXT_PX / px);
  const at = (text: string): Fitted | null => {
    const wd = width(text);
    return wd * floor <= room ? { text, scale: wd > room ? room / wd : 1 } : null;
  };
  for (const [head, tail] of forms) {
    const f = at(head + tail);
    if (f) return f;
  }
  const [head, tail] = forms[forms.length - 1] ?? ['', ''];
  const chars = [...head];
  for (let n = chars.length - 1; n >= 1; n--) {
    const f = at(`${chars.slice(0, n).join('')}…${tail}`);
    if (f) return f;
  }
  return { text: `${chars[0] ?? ''}…${tail}`, scale: floor };
}

/** The first of `forms` that fits `room` at a readable size (its own size `px` or smaller), else the last. */
export function firstReadable(forms: string[], room: number, px: number, width: (text: string) => number): string {
  const floor = Math.min(1, MIN_TEXT_PX / px);
  return forms.find((f) => width(f) * floor <= room) ?? forms[forms.length - 1] ?? '';
}

/// <reference lib="dom" />
/**
 * axe-core in a page: serious and critical violations, and the moderate ones about finding one's way
 * (one main landmark, one top heading, everything inside a landmark), as "id: target" lines.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export async function axeProblems(page: Page): Promise<string[]> {
  // As DevTools' console runs code: the page's policy allows no inline script (addScriptTag's way).
  const cdp = await page.context().newCDPSession(page);
  const loaded = await cdp.send('Runtime.evaluate', { expression: readFileSync(AXE, 'utf8') });
  await cdp.detach();
  if (loaded.exceptionDetails) throw new Error(`axe-core did not load: ${loaded.exceptionDetails.text}`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResult> } }).axe;
    interface AxeResult {
      violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[];
    }
    const WAYFINDING = ['landmark-one-main', 'page-has-heading-one', 'region'];
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || WAYFINDING.includes(v.id))
      .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
  });
}

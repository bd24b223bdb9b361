/// <reference lib="dom" />
/**
 * axe-core in a page: serious and critical violations, and the moderate ones about finding one's way
 * (one main landmark, one top heading, everything inside a landmark), as "id: target" lines.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export async function axeProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
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

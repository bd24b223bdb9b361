/**
 * Tables a page creates through its own UI (home's "New table", its real POST /api/tables), with
 * settings the UI has no control for added to that request: quicker bots where a test walks a whole
 * game but does not measure its pace. What the page sends is otherwise unchanged; the server applies
 * the settings exactly as it does for any creator who asks for them over the API.
 */
import type { Page } from 'playwright-core';
import type { TableSettings } from '../../packages/protocol/src/messages.js';

export async function createTablesWith(page: Page, settings: Partial<TableSettings>): Promise<void> {
  await page.route('**/api/tables', async (route) => {
    const req = route.request();
    if (req.method() !== 'POST') return route.continue();
    const body = JSON.parse(req.postData() || '{}') as { settings?: Partial<TableSettings> };
    await route.continue({ postData: JSON.stringify({ ...body, settings: { ...body.settings, ...settings } }) });
  });
}

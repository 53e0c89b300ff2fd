// Every page a provider uses, on a phone (390 px) and a laptop (1280 px): no label is cut by a
// squeezed box (a button or badge reading 'Sign ou' or 'Pu…', the header's surgery type reading
// 'Cholecyste') and no page scrolls sideways. The player's own title bar truncates long titles on
// purpose; visually hidden text is 1 px wide.
import { expect, test } from '@playwright/test';
import { createProvider, publishVideo } from './support/videos';

test('no page cuts a label or scrolls sideways, on a phone and on a laptop', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL });
  await createProvider(context.request, baseURL!);
  const id = await publishVideo(context.request, {
    title: 'Laparoscopic cholecystectomy with intraoperative cholangiography',
    seconds: 12,
    segments: [
      { start: 0, end: 4, title: 'Port placement', category: 'access' },
      { start: 4, end: 12, title: 'Dissection of the hepatocystic triangle', category: 'dissection' },
    ],
  });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false })));
  const paths = [
    '/',
    '/video-search?q=cholecystectomy',
    `/video/${id}`,
    '/watch-later',
    '/history',
    '/noted-videos',
    '/video-playlist',
    '/upload',
    '/upload-progress',
    '/editor',
    '/analytics/overview',
    '/analytics/content',
    '/analytics/analytics',
    '/analytics/versioncontrol',
    '/analytics/whitelist',
    '/analytics/pi',
    '/analytics/security',
    '/licences',
    '/notifications',
    '/analytics/sendfeedback',
    `/edit-pii/${id}`,
    `/edit-segments/${id}`,
    `/video-details/${id}`,
    '/about',
  ];
  const problems: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const found = await page.evaluate(() => {
        const cut = Array.from(document.querySelectorAll<HTMLElement>('body *'))
          .filter(
            (el) =>
              el.children.length === 0 &&
              el.textContent?.trim() &&
              el.offsetParent !== null &&
              el.clientWidth > 1 &&
              el.scrollWidth > el.clientWidth + 1 &&
              getComputedStyle(el).overflow !== 'visible' &&
              !['INPUT', 'TEXTAREA', 'OPTION'].includes(el.tagName) &&
              !el.closest('[data-media-player]'),
          )
          .map((el) => `"${el.textContent!.trim().slice(0, 40)}" shows ${el.clientWidth} of ${el.scrollWidth} px`);
        // The header's search shows its surgery type whole ('Cholecystectomy' read 'Cholecyste').
        const header = Array.from(document.querySelectorAll<HTMLInputElement>('[data-testid="app-header"] input'))
          .filter((input) => input.offsetParent !== null && input.value && input.scrollWidth > input.clientWidth + 1)
          .map((input) => `header box "${input.value}" shows ${input.clientWidth} of ${input.scrollWidth} px`);
        const sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth;
        return [...cut, ...header, ...(sideways > 0 ? [`the page scrolls ${sideways} px sideways`] : [])];
      });
      problems.push(...found.map((problem) => `${path} at ${width} px: ${problem}`));
    }
  }
  expect(problems).toEqual([]);
});

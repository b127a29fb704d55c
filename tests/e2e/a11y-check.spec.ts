import { expect, seriousAxeViolations, test } from './fixtures.ts';

// The check every journey relies on must itself find what it is there to find.
test('the accessibility check reports serious violations, with contrast and label-in-name, and leaves out what is excluded', async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>check</title></head><body><main>
    <p style="color:#bbb;background:#fff">Faint text</p>
    <button aria-label="Close">Open menu</button>
    <div class="not-ours"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" /></div>
  </main></body></html>`);
  const ids = (await seriousAxeViolations(page, [])).map((v) => v.id).sort();
  expect(ids).toEqual(['color-contrast', 'image-alt', 'label-content-name-mismatch']);
  const withoutExcluded = (await seriousAxeViolations(page, ['.not-ours'])).map((v) => v.id).sort();
  expect(withoutExcluded).toEqual(['color-contrast', 'label-content-name-mismatch']);
});

import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Issue #21: what a shopper on a small phone sees before scrolling.
const phones = [
  { width: 360, height: 740 },
  { width: 320, height: 640 },
];

/** Whether the element lies wholly within the first screen (the page unscrolled). */
async function onFirstScreen(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const height = page.viewportSize()!.height;
  return !!box && box.y >= 0 && box.y + box.height <= height;
}

for (const size of phones) {
  test(`/shop at ${size.width}px: two cards' names and prices on the first screen, two to a row`, async ({
    page,
    goto,
  }) => {
    await page.setViewportSize(size);
    await goto("/shop");
    const cards = page.locator(".grid .card");
    for (const i of [0, 1]) {
      const card = cards.nth(i);
      await expect(card.locator(".card-title")).toHaveText(/\S/);
      await expect(card.locator(".price strong")).toHaveText(/^₹[\d,]+\.\d\d$/);
      expect(await onFirstScreen(page, card.locator(".card-title")), `card ${i + 1}'s name`).toBe(true);
      expect(await onFirstScreen(page, card.locator(".price strong")), `card ${i + 1}'s price`).toBe(true);
    }
    const [a, b] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(b.y, "the second card sits beside the first").toBe(a.y);
    expect(b.x).toBeGreaterThan(a.x + a.width);
  });
}

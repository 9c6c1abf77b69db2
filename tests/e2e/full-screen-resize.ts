import type { Browser, Page } from "@playwright/test";

/**
 * The headless shell (tests/chromium.ts) refuses new window bounds while a page is full
 * screen ("To resize minimized/maximized/fullscreen window, restore it to normal state
 * first"), where the full browser resizes the full-screen page. The exam asks for full screen
 * when it starts (spec 2.4), and journeys check its layout at several widths. So, in the
 * headless shell only, `setViewportSize` first leaves full screen, as a person leaves it
 * before resizing a window. No test checks full screen itself; the page's layout is the
 * viewport's either way. Patched on the pages' shared prototype once per worker, so pages of
 * contexts a test opens itself resize the same way.
 */
export async function resizeLeavingFullScreen(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  try {
    const prototype = Object.getPrototypeOf(await context.newPage()) as Page & { [patched]?: true };
    if (prototype[patched]) return;
    const setViewportSize = prototype.setViewportSize;
    prototype.setViewportSize = async function (this: Page, size) {
      // A page that is navigating or closed cannot answer; the resize then says what is wrong.
      await this.evaluate(() => (document.fullscreenElement ? document.exitFullscreen() : undefined)).catch(() => undefined);
      return setViewportSize.call(this, size);
    };
    prototype[patched] = true;
  } finally {
    await context.close();
  }
}

const patched = Symbol("resizeLeavingFullScreen");

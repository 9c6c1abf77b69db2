import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/create-i18n";
import { SplashScreen as HydrateFallback } from "./SplashScreen"; // what app/root.tsx exports as its HydrateFallback

/** The splash (ADR 0050): only while the client loads a page it cannot draw yet. */
function firstRender(route: { loader?: () => Promise<null> }) {
  const page = () => createElement("h1", null, "The page");
  const Stub = createRoutesStub([{ path: "/", HydrateFallback, children: [{ index: true, Component: page, ...route }] }]);
  return renderToString(createElement(I18nextProvider, { i18n: createI18n("en") }, createElement(Stub, { initialEntries: ["/"] })));
}

describe("the start-up splash", () => {
  it("covers nothing when the page can be drawn at once", () => {
    const html = firstRender({});
    expect(html).toContain("<h1>The page</h1>");
    expect(html).not.toContain("splash-screen");
  });

  it("stands in for a page whose data the client is still loading, and only then", () => {
    const html = firstRender({ loader: () => new Promise<null>(() => {}) });
    expect(html).toContain('data-testid="splash-screen"');
    expect(html).not.toContain("The page");
  });
});

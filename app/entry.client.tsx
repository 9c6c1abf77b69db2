import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadPageLanguage } from "./i18n/browser-messages";
import { keepTypedInput } from "./utils/keep-typed-input";

// React Router's default client entry, after the page's messages have arrived: the browser
// bundle carries no message files of its own (app/i18n/resources.ts).
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// What is typed before hydration survives it (app/utils/keep-typed-input.ts).
keepTypedInput();

loadPageLanguage(document.documentElement.lang).then(hydrate, (error: unknown) => {
  // Without its messages the page would show keys; the server's page stays as it is (its
  // forms work without JavaScript) and a reload tries again.
  console.error("Could not load the page's messages", error);
});

// React Router's default browser entry, after one step: a page in another language than English
// loads that language's catalogue first (decision 0014), so that it hydrates in the words the
// server wrote. English pages start at once, as before.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { LANGUAGE_PREFIX } from "~/lib/i18n/languages";
import { addCatalogue } from "~/lib/i18n/messages";

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

const basename = (window as { __reactRouterContext?: { basename?: string } }).__reactRouterContext?.basename;
if (basename === LANGUAGE_PREFIX.hi) {
  void import("~/lib/i18n/hi").then(({ hi }) => {
    addCatalogue("hi", hi);
    hydrate();
  });
} else {
  hydrate();
}

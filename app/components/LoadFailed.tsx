import { localizedPath } from "~/lib/i18n/languages";
import { useLanguage, useMessages } from "~/lib/i18n/messages";

/** A page whose data did not load: what went wrong, and a Retry link that loads it again. */
export function LoadFailed({ title, message, retryHref }: { title: string; message: string; retryHref: string }) {
  const language = useLanguage();
  const t = useMessages().shop;
  return (
    <section className="narrow">
      <h1>{title}</h1>
      <p className="form-alert" role="alert">
        {message}
      </p>
      <p>
        <a href={localizedPath(language, retryHref)} className="button">
          {t.retry}
        </a>
      </p>
    </section>
  );
}

/** A page whose data did not load: what went wrong, and a Retry link that loads it again. */
export function LoadFailed({ title, message, retryHref }: { title: string; message: string; retryHref: string }) {
  return (
    <section className="narrow">
      <h1>{title}</h1>
      <p className="form-alert" role="alert">
        {message}
      </p>
      <p>
        <a href={retryHref} className="button">
          Retry
        </a>
      </p>
    </section>
  );
}

import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useMessages } from "~/lib/i18n/messages";

export const CAROUSEL_INTERVAL_MS = 4000;

/** Where each slide's button goes; its words are the catalogue's `carousel.slides`, in this order. */
const SLIDES = [{ to: "/shop" }, { to: "#best-sellers" }, { to: "/shop" }] as const;

/**
 * Without JS: a CSS scroll-snap strip with prev/next and dot links to slide anchors.
 * With JS: it also advances every 4 s, except under prefers-reduced-motion, on hover or focus.
 */
export function HeroCarousel() {
  const t = useMessages().carousel;
  const slides = SLIDES.map((s, i) => ({ ...s, ...t.slides[i]! }));
  const track = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = track.current;
    if (!el || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let paused = false;
    const pause = () => (paused = true);
    const resume = () => (paused = false);
    el.addEventListener("pointerenter", pause);
    el.addEventListener("pointerleave", resume);
    el.addEventListener("focusin", pause);
    el.addEventListener("focusout", resume);
    const timer = window.setInterval(() => {
      if (paused || document.hidden) return;
      const current = Math.round(el.scrollLeft / el.clientWidth);
      const next = (current + 1) % SLIDES.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: "smooth" });
      el.dataset.slide = String(next + 1);
    }, CAROUSEL_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      el.removeEventListener("pointerenter", pause);
      el.removeEventListener("pointerleave", resume);
      el.removeEventListener("focusin", pause);
      el.removeEventListener("focusout", resume);
    };
  }, []);

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={t.label}>
      <div className="carousel-track" ref={track} data-slide="1">
        {slides.map((s, i) => {
          const prev = ((i + SLIDES.length - 1) % SLIDES.length) + 1;
          const next = ((i + 1) % SLIDES.length) + 1;
          return (
            <div
              key={s.title}
              id={`slide-${i + 1}`}
              className="slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t.slideOf(i + 1, SLIDES.length)}
            >
              <div className="slide-body">
                {i === 0 ? <h1>{s.title}</h1> : <h2>{s.title}</h2>}
                <p>{s.text}</p>
                {s.to.startsWith("#") ? (
                  <a href={s.to} className="button primary">
                    {s.cta}
                  </a>
                ) : (
                  <Link to={s.to} className="button primary">
                    {s.cta}
                  </Link>
                )}
              </div>
              {/* Words for a text browser; CSS draws the arrows and dots (app/styles/product.css). */}
              <a href={`#slide-${prev}`} className="carousel-prev">
                <span className="visually-hidden">{t.prev}</span>
              </a>{" "}
              <a href={`#slide-${next}`} className="carousel-next">
                <span className="visually-hidden">{t.next}</span>
              </a>
            </div>
          );
        })}
      </div>
      <nav className="carousel-dots" aria-label={t.choose}>
        {slides.map((s, i) => (
          <a key={s.title} href={`#slide-${i + 1}`}>
            <span className="visually-hidden">{t.slide(i + 1)}</span>{" "}
          </a>
        ))}
      </nav>
    </section>
  );
}

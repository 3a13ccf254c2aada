import { useEffect, useRef } from "react";
import { Link } from "react-router";

export const CAROUSEL_INTERVAL_MS = 4000;

const SLIDES = [
  {
    title: "Hand-poured soy candles",
    text: "Small batches of natural soy wax with cotton wicks.",
    cta: "Shop Now",
    to: "/shop",
  },
  {
    title: "Scents of India",
    text: "Mogra, masala chai, monsoon mitti and more.",
    cta: "Best Sellers",
    to: "#best-sellers",
  },
  {
    title: "Cash on delivery",
    text: "Shipped anywhere in India. Flat ₹49 shipping.",
    cta: "Start shopping",
    to: "/shop",
  },
] as const;

/**
 * Without JS: a CSS scroll-snap strip with prev/next and dot links to slide anchors.
 * With JS: it also advances every 4 s, except under prefers-reduced-motion, on hover or focus.
 */
export function HeroCarousel() {
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
    <section className="carousel" aria-roledescription="carousel" aria-label="Highlights">
      <div className="carousel-track" ref={track} data-slide="1">
        {SLIDES.map((s, i) => {
          const prev = ((i + SLIDES.length - 1) % SLIDES.length) + 1;
          const next = ((i + 1) % SLIDES.length) + 1;
          return (
            <div
              key={s.title}
              id={`slide-${i + 1}`}
              className="slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${SLIDES.length}`}
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
                <span className="visually-hidden">Previous slide</span>
              </a>{" "}
              <a href={`#slide-${next}`} className="carousel-next">
                <span className="visually-hidden">Next slide</span>
              </a>
            </div>
          );
        })}
      </div>
      <nav className="carousel-dots" aria-label="Choose a slide">
        {SLIDES.map((s, i) => (
          <a key={s.title} href={`#slide-${i + 1}`}>
            <span className="visually-hidden">Slide {i + 1}</span>{" "}
          </a>
        ))}
      </nav>
    </section>
  );
}

import { isImageUrl } from "~/lib/image-url";
import { imageVariants } from "~/lib/image-variants";

type Props = {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Images above the fold load at once; the rest lazily. */
  eager?: boolean;
  className?: string;
  /** How wide the picture is shown, for srcset (e.g. "(min-width: 720px) 220px, 50vw"). */
  sizes?: string;
};

/**
 * A product picture with a fixed box (no layout shift). Uploaded pictures come in several widths
 * (WebP first, then the original format); the browser picks by `sizes`. When it fails to load,
 * the CSS of `.product-img::after` paints the grey "No Image" placeholder over it, with JS off
 * too: browsers draw an <img>'s pseudo-elements only when the image is broken.
 */
export function ProductImage({ src: given, alt, width, height, eager, className, sizes }: Props) {
  // A URL saved before the schema refused it (e.g. "/\\evil.example/x.png") is never rendered.
  const src = given && isImageUrl(given) ? given : "";
  const variants = imageVariants(src);
  const img = (
    <img
      src={src || "/no-image.svg"}
      srcSet={variants?.original}
      sizes={variants ? (sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={eager ? "high" : undefined}
      className={className ? `product-img ${className}` : "product-img"}
    />
  );
  if (!variants) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={variants.webp} sizes={sizes ?? `${width}px`} />
      {img}
    </picture>
  );
}

type Props = {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Images above the fold load at once; the rest lazily. */
  eager?: boolean;
  className?: string;
};

/**
 * A product picture with a fixed box (no layout shift). When it fails to load, the CSS of
 * `.product-img::after` paints the grey "No Image" placeholder over it, with JS off too:
 * browsers draw an <img>'s pseudo-elements only when the image is broken.
 */
export function ProductImage({ src, alt, width, height, eager, className }: Props) {
  return (
    <img
      src={src || "/no-image.svg"}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={eager ? "high" : undefined}
      className={className ? `product-img ${className}` : "product-img"}
    />
  );
}

/**
 * Demo product art, drawn as SVG so the seeded catalogue needs no downloads or binary files.
 * `variant` 0–3 gives the 1–4 gallery views of one candle.
 */
export function candleSvg(hue: number, variant: number, label: string): string {
  const wax = `hsl(${hue} 55% 88%)`;
  const jar = `hsl(${hue} 45% ${variant === 2 ? 30 : 52}%)`;
  const bg = [`hsl(${hue} 40% 96%)`, `hsl(${(hue + 30) % 360} 35% 92%)`, "hsl(30 20% 18%)", `hsl(${hue} 25% 90%)`][
    variant % 4
  ];
  const lit = variant !== 1;
  // XML-escaped: a raw "&" (as in "Pine & Cardamom") makes the whole SVG invalid.
  const safe = label
    .replace(/[^A-Za-z &'-]/g, "")
    .slice(0, 18)
    .replace(/&/g, "&amp;")
    .replace(/'/g, "&apos;");
  const x = variant === 3 ? 130 : 170;
  const second =
    variant === 3
      ? `<rect x="320" y="250" width="130" height="200" rx="18" fill="hsl(${(hue + 180) % 360} 35% 55%)"/><ellipse cx="385" cy="250" rx="65" ry="14" fill="${wax}"/>`
      : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">
<rect width="600" height="600" fill="${bg}"/>
<ellipse cx="300" cy="520" rx="220" ry="26" fill="rgba(0,0,0,.12)"/>
${second}
<rect x="${x}" y="200" width="260" height="310" rx="26" fill="${jar}"/>
<ellipse cx="${x + 130}" cy="200" rx="130" ry="26" fill="${wax}"/>
<rect x="${x + 30}" y="300" width="200" height="110" rx="10" fill="hsl(40 40% 97%)"/>
<text x="${x + 130}" y="350" font-family="Georgia,serif" font-size="22" text-anchor="middle" fill="hsl(${hue} 40% 25%)">${safe}</text>
<text x="${x + 130}" y="385" font-family="Georgia,serif" font-size="14" text-anchor="middle" fill="hsl(${hue} 20% 40%)">SOY · HAND-POURED</text>
<rect x="${x + 127}" y="160" width="6" height="40" rx="3" fill="#333"/>
${lit ? `<path d="M${x + 130} 95 C${x + 150} 130 ${x + 148} 160 ${x + 130} 165 C${x + 112} 160 ${x + 110} 130 ${x + 130} 95 Z" fill="#f7b733"/><path d="M${x + 130} 125 C${x + 139} 140 ${x + 138} 155 ${x + 130} 158 C${x + 122} 155 ${x + 121} 140 ${x + 130} 125 Z" fill="#fff3c4"/>` : `<rect x="${x - 5}" y="150" width="270" height="40" rx="12" fill="hsl(${hue} 15% 35%)"/>`}
</svg>`;
}

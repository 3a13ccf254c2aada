/**
 * The demo catalogue's pictures, drawn as small flat-vector SVGs from each candle's own data
 * (name, hue, vessel, scent family), so the seeded shop needs no downloads or binary files and
 * every app server draws the same bytes (docs/decisions/0008-demo-pictures.md).
 *
 * Picture 1 is the product shot used on cards; pictures 2–4 are scenes: on a table by a window,
 * lid off beside a book and a cup, the wax pool from above, and a gift box. Which scenes a candle
 * gets, and in which order, follows from its name, so neighbours in the grid differ.
 */
import { type DemoProduct, type Family, type Vessel, vesselFacts } from "~/demo/catalogue";

/** Text for an SVG text node or attribute: every markup character as an entity. */
export const xml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** hsl() as a short hex colour. */
export function hex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  const out = f(0) + f(8) + f(4);
  // #aabbcc → #abc
  return out[0] === out[1] && out[2] === out[3] && out[4] === out[5] ? `#${out[0]}${out[2]}${out[4]}` : `#${out}`;
}

const at = (x: number, y: number, s: number, inner: string) =>
  `<g transform="translate(${x} ${y})${s === 1 ? "" : ` scale(${s})`}">${inner}</g>`;

/** A small stable number from a string (FNV-1a), to vary details per candle. */
export function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

type Look = {
  p: DemoProduct;
  h: number;
  wax: string;
  body: string; // the vessel's main colour
  shade: string;
  ink: string; // label text
  label: string; // label paper
  wall: string;
  floor: string;
  font: 0 | 1 | 2; // Georgia italic, spaced sans capitals, serif capitals
  cap: string; // the amber jar's screw lid
};

function look(p: DemoProduct): Look {
  const h = p.hue;
  const k = hashOf(p.name);
  const body: Record<Vessel, string> = {
    tumbler: hex(h, 32, 42),
    amber: hex(28, 75, 30),
    tin: k % 2 ? hex(40, 8, 74) : hex(42, 45, 60),
    ribbed: hex(h, 30, 80),
    matka: hex(12 + (h % 12), 50, 42 + (k % 5)),
    bowl: hex(h, 35, 72),
    pillar: hex(h, 50, 84),
  };
  const shade: Record<Vessel, string> = {
    tumbler: hex(h, 35, 30),
    amber: hex(25, 80, 20),
    tin: k % 2 ? hex(40, 8, 58) : hex(40, 45, 45),
    ribbed: hex(h, 25, 66),
    matka: hex(14, 52, 32),
    bowl: hex(h, 30, 58),
    pillar: hex(h, 40, 74),
  };
  return {
    p,
    h,
    wax: hex(h, 45, 92),
    body: body[p.vessel],
    shade: shade[p.vessel],
    ink: hex(h, 35, 24),
    label: p.vessel === "amber" || p.vessel === "pillar" ? hex(34, 38, 80) : hex(40, 40, 97),
    wall: hex((h + 20) % 360, 28, 91),
    floor: hex((h + 20) % 360, 20, 83),
    font: (k % 3) as 0 | 1 | 2,
    cap: ["#2b2b2b", hex(42, 40, 50), hex(h, 25, 28)][(k >>> 3) % 3]!,
  };
}

/** Small motif per scent family, about 40 units across, centred on 0,0. */
function motif(f: Family, c: string): string {
  switch (f) {
    case "floral":
      return `<g fill="${c}"><circle cy="-9" r="7"/><circle cx="9" cy="-3" r="7"/><circle cx="5" cy="8" r="7"/><circle cx="-5" cy="8" r="7"/><circle cx="-9" cy="-3" r="7"/><circle r="4" fill="#fff"/></g>`;
    case "herbal":
      return `<path d="M0 18V-18M0 10q-12-2-13-12q11 1 13 12M0 0q12-2 13-12q-11 1-13 12M0-9q-9-2-9-11q8 1 9 11" fill="${c}" stroke="${c}" stroke-width="2"/>`;
    case "woody":
      return `<path d="M0 18C-15 6-11-12 0-19C11-12 15 6 0 18z" fill="${c}"/><path d="M0 16V-12" stroke="#fff" stroke-width="2"/>`;
    case "fresh":
      return `<path d="M0-18C8-6 12 0 12 6A12 12 0 0 1-12 6C-12 0-8-6 0-18z" fill="${c}"/>`;
    case "gourmand":
      return `<path d="M1 1a3 3 0 0 0-5 0a6 6 0 0 0 10 2a10 10 0 0 0-18-4a14 14 0 0 0 24 10" fill="none" stroke="${c}" stroke-width="3" stroke-linecap="round"/>`;
    case "spice":
      return `<path d="M-15-10h30M-15 0h30M-15 10h30" stroke="${c}" stroke-width="4" stroke-linecap="round"/>`;
  }
}

/** The name in one or two lines, split at the space nearest the middle. */
function lines(name: string): string[] {
  if (name.length <= 11) return [name];
  let best = -1;
  for (let i = 0; i < name.length; i++)
    if (name[i] === " " && (best < 0 || Math.abs(i - name.length / 2) < Math.abs(best - name.length / 2))) best = i;
  return best < 0 ? [name] : [name.slice(0, best), name.slice(best + 1)];
}

/** The label's art: motif, the name and a small line of facts, centred on x = 0, in the box y…y+h, w wide. */
function labelText(l: Look, y: number, w: number, h: number, small: string): string {
  const [a, b] = lines(l.p.name);
  const caps = l.font !== 0;
  const longest = Math.max(a!.length, b?.length ?? 0);
  const size = Math.min(caps ? 17 : 22, Math.floor((w * (caps ? 1.3 : 1.6)) / longest));
  const style =
    l.font === 0
      ? `font-family="Georgia,serif" font-style="italic"`
      : l.font === 1
        ? `font-family="Helvetica,Arial,sans-serif" font-weight="bold" letter-spacing="2"`
        : `font-family="Georgia,serif" letter-spacing="1"`;
  const t = (s: string) => xml(caps ? s.toUpperCase() : s);
  const mid = y + h / 2 + 8;
  const y1 = Math.round(mid - (b ? size / 2 : -size / 3));
  return `${at(0, y + 16, 0.5, motif(l.p.family, l.ink))}<g text-anchor="middle" fill="${l.ink}"><text y="${y1}" font-size="${size}" ${style}>${t(a!)}${b ? `<tspan x="0" dy="${size + 1}">${t(b)}</tspan>` : ""}</text><text y="${y + h - 8}" font-size="8" font-family="Helvetica,Arial,sans-serif" letter-spacing="1">${small}</text></g>`;
}

const flame = (y: number) =>
  `<circle cy="${y - 26}" r="46" fill="url(#g)"/><path d="M0 ${y - 50}c9 14 10 26 0 30c-10-4-9-16 0-30z" fill="#f6a623"/><path d="M0 ${y - 36}c4 7 4 13 0 14c-4-1-4-7 0-14z" fill="#fff6d8"/><path d="M0 ${y}v-16" stroke="#333" stroke-width="3"/>`;

/**
 * The vessel, origin at its bottom centre, at most about 270 units tall (flame included).
 * `open`: lit with the lid off; otherwise the lid is on (tin, amber jar) or the wick is unlit.
 */
function vessel(l: Look, open: boolean): string {
  const { body, shade, wax, label, ink } = l;
  const small = vesselFacts[l.p.vessel].label;
  const hl = `fill="#fff" opacity=".28"`;
  const wick = (y: number) => (open ? flame(y) : `<path d="M0 ${y}v-14" stroke="#333" stroke-width="3"/>`);
  switch (l.p.vessel) {
    case "tumbler":
      return `<path d="M-100-230V-10q0 10 10 10h180q10 0 10-10V-230z" fill="${body}"/><path d="M62-230h38V-10q0 10-10 10H62z" fill="${shade}"/><rect x="-84" y="-210" width="14" height="190" rx="7" ${hl}/><ellipse cy="-230" rx="100" ry="16" fill="${shade}"/><ellipse cy="-228" rx="90" ry="12" fill="${wax}"/>${wick(-228)}<rect x="-70" y="-176" width="140" height="120" rx="4" fill="${label}"/>${labelText(l, -176, 140, 120, small)}`;
    case "ribbed": {
      const ribs = [-72, -52, -32, -12, 8, 28, 48, 68].map((x) => `M${x}-226V-8`).join("");
      return `<path d="M-96-240L-82-10q-1 10 9 10h146q10 0 9-10L96-240z" fill="${body}"/><path d="${ribs}" stroke="#fff" stroke-width="7" opacity=".35"/><path d="M60-240h36L82-10q-1 10-9 10H58z" fill="${shade}" opacity=".6"/><ellipse cy="-240" rx="96" ry="15" fill="${shade}"/><ellipse cy="-237" rx="86" ry="11" fill="${wax}"/>${wick(-237)}<rect x="-64" y="-176" width="128" height="116" rx="58" fill="${label}"/>${labelText(l, -176, 100, 116, small)}`;
    }
    case "amber": {
      const top = open
        ? `<ellipse cy="-218" rx="60" ry="9" fill="${shade}"/><ellipse cy="-218" rx="52" ry="6" fill="${wax}"/>${wick(-218)}`
        : `<rect x="-68" y="-262" width="136" height="46" rx="8" fill="${l.cap}"/><path d="M-60-252h120M-60-242h120M-60-232h120" stroke="#fff" stroke-width="3" opacity=".15"/>`;
      return `<path d="M-100-170q0-36 40-42v-8h120v8q40 6 40 42V-10q0 10-10 10H-90q-10 0-10-10z" fill="${body}"/><path d="M60-212q40 6 40 42V-10q0 10-10 10H62z" fill="${shade}"/><rect x="-86" y="-165" width="14" height="145" rx="7" ${hl}/>${top}<rect x="-70" y="-160" width="140" height="122" fill="${label}"/><rect x="-64" y="-154" width="128" height="110" fill="none" stroke="${ink}"/>${labelText(l, -156, 124, 114, small)}`;
    }
    case "tin": {
      const top = open
        ? `<ellipse cy="-130" rx="124" ry="18" fill="${shade}"/><ellipse cy="-129" rx="116" ry="14" fill="${wax}"/>${wick(-129)}`
        : `<rect x="-130" y="-158" width="260" height="34" rx="8" fill="${body}"/><ellipse cy="-158" rx="130" ry="18" fill="${body}"/><ellipse cy="-160" rx="122" ry="14" fill="#fff" opacity=".25"/><path d="M-130-130h260" stroke="${shade}" stroke-width="3"/>`;
      return `<path d="M-124-130V-8q0 8 8 8h232q8 0 8-8V-130z" fill="${body}"/><path d="M84-130h40V-8q0 8-8 8H84z" fill="${shade}"/><rect x="-112" y="-118" width="12" height="104" rx="6" ${hl}/>${top}<rect x="-84" y="-118" width="168" height="108" rx="4" fill="${label}"/>${labelText(l, -118, 168, 108, small)}`;
    }
    case "matka":
      // A terracotta pot: short neck, round belly, a painted band and a tag on a string.
      return `<path d="M-60-216Q-60-202-82-194Q-148-168-144-96Q-140-16-80 0H80Q140-16 144-96Q148-168 82-194Q60-202 60-216z" fill="${body}"/><path d="M82-194Q128-160 122-96Q116-20 60 0H80Q140-16 144-96Q148-168 82-194z" fill="${shade}"/><path d="M-146-108q146 34 292 0" fill="none" stroke="${hex(l.h, 45, 50)}" stroke-width="12"/><path d="M-140-136q140 34 280 0" fill="none" stroke="${hex(l.h, 60, 85)}" stroke-width="6" stroke-dasharray="2 12" stroke-linecap="round"/><ellipse cy="-216" rx="64" ry="12" fill="${shade}"/><ellipse cy="-214" rx="54" ry="8" fill="${wax}"/>${wick(-214)}<path d="M-46-210q-14 40 0 80" fill="none" stroke="#6b4a2b" stroke-width="2"/><g transform="rotate(-6 -46 -84)"><rect x="-106" y="-126" width="120" height="104" rx="6" fill="${label}"/>${at(-46, 0, 1, labelText(l, -126, 108, 104, small))}</g>`;
    case "bowl":
      return `<path d="M-140-130q6 110 90 128q50 6 100 0q84-18 90-128z" fill="${body}"/><path d="M60-130h80q-6 110-90 128l-10 2q40-30 20-130z" fill="${shade}"/><path d="M-134-108q134 30 268 0" stroke="#c9a24a" stroke-width="5" fill="none"/><ellipse cy="-130" rx="140" ry="24" fill="${shade}"/><ellipse cy="-128" rx="128" ry="18" fill="${wax}"/>${wick(-128)}<rect x="-76" y="-100" width="152" height="90" rx="24" fill="${label}"/>${labelText(l, -100, 130, 90, small)}`;
    case "pillar":
      return `<ellipse cy="2" rx="120" ry="16" fill="#8a6a4a"/><path d="M-78-250V-4q0 4 4 4h148q4 0 4-4V-250z" fill="${body}"/><path d="M40-250h38V-4q0 4-4 4H40z" fill="${shade}"/><ellipse cy="-250" rx="78" ry="12" fill="${wax}"/>${wick(-250)}<rect x="-78" y="-176" width="156" height="120" fill="${label}"/><path d="M-78-170h156M-78-62h156" stroke="${ink}" stroke-width="2"/>${labelText(l, -170, 140, 108, small)}`;
  }
}

/** A few things beside the candle, by scent family, origin on the table. */
function prop(l: Look): string {
  const leaf = hex(110, 30, 42);
  switch (l.p.family) {
    case "floral": {
      const c = hex(l.h, 55, 78);
      return `<path d="M-60 0q40-10 80-40M-20-10q10-20 30-30" stroke="${leaf}" stroke-width="3" fill="none"/><g fill="${c}"><circle cx="20" cy="-42" r="12"/><circle cx="12" cy="-40" r="9"/><circle cx="30" cy="-30" r="9"/></g><circle cx="20" cy="-40" r="4" fill="#f3c85a"/>`;
    }
    case "herbal":
      return `<path d="M-50 0q50-6 90-30" stroke="${leaf}" stroke-width="3" fill="none"/><path d="M-20-4q-4-20 14-24q2 18-14 24M0-10q0-20 18-22q0 18-18 22M20-18q2-18 20-18q-2 16-20 18M-4-8q18 0 24 14q-18 2-24-14" fill="${hex(120, 28, 46)}"/>`;
    case "woody":
      return `<path d="M-50 0h90" stroke="#7a5535" stroke-width="7" stroke-linecap="round"/><path d="M-40-8h80" stroke="#9a7250" stroke-width="6" stroke-linecap="round"/><path d="M30-14q-10-30 16-40q8 30-16 40" fill="${hex(100, 30, 38)}"/>`;
    case "fresh":
      return `<ellipse cx="-20" cy="-10" rx="30" ry="12" fill="#b7b3aa"/><ellipse cx="24" cy="-8" rx="20" ry="9" fill="#d2cec6"/><ellipse cx="8" cy="-22" rx="14" ry="7" fill="#9e9a92"/>`;
    case "gourmand":
      return `<ellipse cy="-2" rx="46" ry="8" fill="#eee"/><path d="M-32-60h64v30q0 28-32 28t-32-28z" fill="#fbfaf7"/><path d="M32-50q20 0 18 14t-20 12" fill="none" stroke="#fbfaf7" stroke-width="6"/><ellipse cy="-60" rx="32" ry="6" fill="#7a4a2a"/>`;
    case "spice":
      return `<g transform="rotate(-8)"><rect x="-56" y="-14" width="80" height="12" rx="6" fill="#9a5a2e"/><rect x="-50" y="-26" width="80" height="12" rx="6" fill="#b06a38"/></g><path d="M46-20l6-14l6 14l14 6l-14 6l-6 14l-6-14l-14-6z" fill="#6b3a1e"/>`;
  }
}

/** The SVG document; a flame's glow (url(#g)) brings its gradient. */
const svg = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">${inner.includes("url(#g)") ? `<defs><radialGradient id="g"><stop offset="0" stop-color="#ffe7a8" stop-opacity=".8"/><stop offset="1" stop-color="#ffe7a8" stop-opacity="0"/></radialGradient></defs>` : ""}${inner}</svg>`;
/** Mirrors a scene's background left to right (text stays outside it, readable). */
const mirror = (on: boolean, inner: string) => (on ? `<g transform="matrix(-1 0 0 1 600 0)">${inner}</g>` : inner);
/** Light from the left: a wall that darkens a little to the right. */
const wallGrad = (id: string, c: string) =>
  `<defs><linearGradient id="${id}"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs><rect width="600" height="600" fill="${c}"/><rect width="600" height="600" fill="url(#${id})"/>`;
const shadow = (x: number, y: number, rx: number) =>
  `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${Math.round(rx / 9)}" fill="#000" opacity=".14"/>`;

/** Picture 1: the product shot, on a table against a plain wall, with a prop of its scent. */
function productShot(l: Look): string {
  const lit = l.p.vessel !== "amber" && l.p.vessel !== "tin";
  const right = hashOf(l.p.name) % 2 === 0;
  // Each vessel about as tall in the frame: the squat ones drawn bigger.
  const scale = { tumbler: 1.3, ribbed: 1.3, amber: 1.35, tin: 1.65, matka: 1.3, bowl: 1.6, pillar: 1.2 }[l.p.vessel];
  return svg(
    `${wallGrad("w", l.wall)}<rect y="420" width="600" height="180" fill="${l.floor}"/>${shadow(310, 530, 190)}${at(300, 528, scale, vessel(l, lit))}${at(right ? 500 : 100, 578, 1.2, prop(l))}`,
  );
}

/** On a wooden table by a window, in the morning light, lit. */
function windowScene(l: Look): string {
  const wood = hex(28, 36, 56);
  const flip = hashOf(l.p.name) % 3 === 0;
  return svg(
    `${mirror(flip, `<rect width="600" height="600" fill="${hex((l.h + 30) % 360, 20, 84)}"/><rect x="50" y="40" width="250" height="300" fill="#fbf8f2"/><path d="M66 56h102v130H66zM182 56h102v130H182zM66 200h102v124H66zM182 200h102v124H182z" fill="${hex(205, 50, 88)}"/><path d="M66 300q60-50 100-10q40-40 118-6v40H66z" fill="${hex(120, 22, 72)}"/><rect x="38" y="336" width="274" height="14" fill="#efe7da"/><rect y="420" width="600" height="180" fill="${wood}"/><path d="M0 470h600M0 540h600" stroke="${hex(26, 36, 48)}" stroke-width="3"/><path d="M66 420h218l300 180H160z" fill="#fff" opacity=".16"/>${shadow(440, 512, 170)}${at(140, 470, 1.2, plant())}${at(560, 560, 1, prop(l))}`)}${at(flip ? 210 : 390, 510, 1.05, vessel(l, true))}`,
  );
}

const plant = () =>
  `<path d="M-40-70h80l-10 70h-60z" fill="${hex(18, 48, 50)}"/><path d="M0-70q-30-50-60-60q40 0 60 40q10-60 40-80q-20 50-40 100q30-40 70-40q-40 20-70 40" fill="${hex(125, 32, 38)}"/>`;

/** Lid off, beside a stack of books and a cup of chai, lit. */
function stillLife(l: Look): string {
  const lid: Record<Vessel, string> = {
    tumbler: `<ellipse rx="96" ry="16" fill="#8a6242"/><ellipse cy="-8" rx="96" ry="16" fill="#a77b55"/>`,
    ribbed: `<ellipse rx="92" ry="15" fill="#8a6242"/><ellipse cy="-8" rx="92" ry="15" fill="#a77b55"/>`,
    amber: `<rect x="-60" y="-40" width="120" height="40" rx="8" fill="${l.cap}"/><path d="M-52-30h104M-52-20h104M-52-10h104" stroke="#fff" stroke-width="3" opacity=".15"/>`,
    tin: `<ellipse rx="126" ry="20" fill="${l.shade}"/><ellipse cy="-8" rx="126" ry="20" fill="${l.body}"/>`,
    matka: "",
    bowl: "",
    pillar: "",
  };
  const cup = `<ellipse cy="-2" rx="50" ry="9" fill="#f3efe8"/><path d="M-34-62h68v34q0 28-34 28t-34-28z" fill="${hex((l.h + 180) % 360, 30, 62)}"/><path d="M34-52q20 0 18 14t-20 12" fill="none" stroke="${hex((l.h + 180) % 360, 30, 62)}" stroke-width="6"/><ellipse cy="-62" rx="34" ry="6" fill="#b0834f"/><path d="M-10-80q-10-14 0-28t0-28M12-84q-10-12 0-24" stroke="#fff" stroke-width="4" fill="none" opacity=".7"/>`;
  const flip = hashOf(l.p.name) % 3 === 1;
  return svg(
    `${mirror(flip, `${wallGrad("s", hex(l.h, 16, 80))}<rect y="430" width="600" height="170" fill="#efe9df"/><path d="M0 500q150-16 300 0t300 0" stroke="#e2d9cc" stroke-width="4" fill="none"/><rect x="30" y="402" width="250" height="44" rx="4" fill="${hex((l.h + 150) % 360, 28, 42)}"/><rect x="44" y="408" width="236" height="32" fill="#f6f1e6"/><rect x="50" y="360" width="220" height="42" rx="4" fill="${hex(30, 40, 62)}"/><path d="M64 366h206M64 396h206" stroke="#f6f1e6" stroke-width="3"/>${at(160, 360, 1, cup)}${shadow(420, 532, 150)}`)}${at(flip ? 180 : 420, 524, 1.05, vessel(l, true))}${mirror(flip, at(200, 560, 1, lid[l.p.vessel] || prop(l)))}`,
  );
}

/** The wax pool from above, lit, with a scent card and matches. */
function topDown(l: Look): string {
  const v = l.p.vessel;
  const outer = v === "matka" || v === "bowl" || v === "pillar" ? 190 : v === "tin" ? 176 : 166;
  const rim = v === "pillar" ? "#8a6a4a" : l.body;
  const waxR = v === "matka" ? 96 : v === "amber" ? 100 : v === "pillar" ? 150 : outer - 14;
  const neck = v === "matka" || v === "amber" ? `<circle r="${waxR + 12}" fill="${l.shade}"/>` : "";
  const pool = Math.round(waxR * 0.72);
  return svg(
    `<rect width="600" height="600" fill="${hex(30, 22, 78)}"/><path d="M120 0v600M240 0v600M360 0v600M480 0v600" stroke="${hex(30, 22, 70)}" stroke-width="4"/>${at(300, 280, 1, `<circle cx="8" cy="10" r="${outer}" fill="#000" opacity=".15"/><circle r="${outer}" fill="${rim}"/>${neck}<circle r="${waxR}" fill="${l.wax}"/><circle r="${pool}" fill="${hex(l.h, 40, 84)}"/><path d="M${-pool + 16} -20a${pool - 16} ${pool - 16} 0 0 1 ${pool - 6}-${pool - 24}" stroke="#fff" stroke-width="6" fill="none" opacity=".5" stroke-linecap="round"/><circle r="60" fill="url(#g)"/><ellipse rx="10" ry="16" fill="#f6a623"/><circle r="5" fill="#fff6d8"/>`)}<g transform="translate(470 500) rotate(-10)"><rect x="-74" y="-70" width="148" height="140" rx="4" fill="#000" opacity=".12"/><rect x="-70" y="-74" width="148" height="140" rx="4" fill="${l.label}"/>${labelText(l, -70, 130, 130, "HAND-POURED SOY")}</g><g transform="translate(90 90) rotate(20)"><rect x="-50" y="-30" width="100" height="60" rx="4" fill="#f2ede4"/><rect x="-50" y="-10" width="100" height="20" fill="${hex(8, 60, 48)}"/></g><path d="M40 520l80-30" stroke="#c9a46a" stroke-width="6" stroke-linecap="round"/><circle cx="120" cy="490" r="6" fill="#333"/>${l.p.family === "gourmand" ? `<circle cx="86" cy="330" r="70" fill="#f3efe8"/><circle cx="86" cy="330" r="44" fill="#fbfaf7"/><circle cx="86" cy="330" r="36" fill="#7a4a2a"/><path d="M130 330h26" stroke="#fbfaf7" stroke-width="12" stroke-linecap="round"/>` : at(90, 470, 1.3, prop(l))}`,
  );
}

/** Ready to give for Diwali: a wrapped box, the candle with its lid on, a diya and marigolds. */
function giftBox(l: Look): string {
  const ribbon = hex((l.h + 180) % 360, 45, 40);
  const lights = [60, 140, 220, 300, 380, 460, 540]
    .map((x, i) => `<circle cx="${x}" cy="${Math.round(60 + 34 * Math.sin((i / 6) * Math.PI))}" r="7"/>`)
    .join("");
  const diya = `<path d="M-46-18q0 24 46 24t46-24z" fill="${hex(18, 55, 45)}"/><ellipse cy="-18" rx="46" ry="8" fill="${hex(18, 55, 33)}"/>${flame(-18)}`;
  return svg(
    `<rect width="600" height="600" fill="${hex((l.h + 10) % 360, 24, 30)}"/><path d="M0 54q300 84 600 0" stroke="#000" opacity=".3" fill="none" stroke-width="2"/><g fill="#ffd27a">${lights}</g><rect y="440" width="600" height="160" fill="${hex(25, 32, 40)}"/>${shadow(300, 530, 250)}<rect x="60" y="320" width="250" height="210" fill="${hex(l.h, 30, 62)}"/><rect x="50" y="296" width="270" height="44" rx="3" fill="${hex(l.h, 30, 70)}"/><path d="M170 296h30v234h-30zM60 400h250v28H60z" fill="${ribbon}"/><path d="M185 296q-60-50-70-8q8 30 70 8q60-50 70-8q-8 30-70 8" fill="none" stroke="${ribbon}" stroke-width="12"/>${at(440, 536, 0.95, vessel(l, false))}${at(96, 566, 1, diya)}<g fill="#f39c1e"><circle cx="250" cy="560" r="20"/><circle cx="286" cy="548" r="16"/><circle cx="560" cy="560" r="18"/></g><g fill="#e07b0e"><circle cx="250" cy="560" r="9"/><circle cx="286" cy="548" r="7"/><circle cx="560" cy="560" r="8"/></g>`,
  );
}

type Scene = (l: Look) => string;
const scenes: Scene[] = [windowScene, stillLife, topDown, giftBox];

/**
 * The demo picture n (1–4) of a demo product: 1 is the product shot; 2–4 are scenes, starting
 * at one picked by the name, so neighbours in the grid differ and one candle's pictures never repeat.
 */
export function demoPicture(p: DemoProduct, n: number): string {
  const l = look(p);
  if (n <= 1) return productShot(l);
  return scenes[(hashOf(p.name) + n - 2) % scenes.length]!(l);
}

// The scripts that hydrate a page wait until what its first paint needs has arrived (issue #24).
// On a slow link 100 KB of scripts fetched at once with the page would share the link with its
// pictures, and every page works before it is hydrated (links and forms are plain HTML), so they
// are fetched at low priority (issue #35; before, only after the pictures) and they start once
// the first frame is painted and the pictures that load at once (the eager ones, the largest
// paint among them) are in, or after 3 s at most, should a picture never finish;
// and never before the whole page is parsed: a long page is parsed in several tasks, its first
// frame can come before the end, and the data scripts there must all be in the queue.
// Measured with `npm run bench:hydration` (docs/performance.md): the first paint comes 0.3-0.4 s
// sooner on Slow 4G, hydration a little later.
//
// React Router's <Scripts> writes the module preloads and one inline module script that imports
// the route modules and the client entry. Here the preloads get a low priority, and that script
// becomes inert (`type="text/x-deferred-module"`, listing the preloads); a small inline script
// puts both back. The new module script carries the old one's nonce, or, on a kept guest page,
// is allowed by the hash the page cache takes of every inline script, which is the same text; it
// replaces the inert one in place, so hydration finds the element React rendered.
//
// React Router's inline data scripts (`window.__reactRouterContext`: the context, which sets up a
// ReadableStream, and the route data it enqueues) are needed only by hydration, but ran while the
// page was parsed, before its first paint, in the task Lighthouse counts as blocking: they become
// inert too (`type="text/x-deferred-script"`), and the loader runs them in order, one per task,
// before the boot script, the same way (nonce, or the kept page's hash of the same text).
//
// React Router's scroll restoration script reads sessionStorage, the first read of which is a
// synchronous call to the browser (2-6 ms), in the same parse task. A position can be stored only
// for a history entry that already has a key (a reload, back or forward); on a new visit the
// script just gives the entry a key. So it is inert too (`id="rr-scroll"`): the loader runs it at
// once, where it stood, when the entry has a key, and otherwise first in the queue after the paint,
// still before hydration reads the key.
//
// With HYDRATE_ON=interaction (issue #40; the default is "load", as above) the loader waits instead
// for the shopper's first sign of use: a pointer moved or put down, a key, a focus, a scroll. A page
// only read costs no script work at all; the first use pays the hydration (its scripts are in the
// cache by then), and a tap that comes before it is done is a plain link or form post, as without JS.
// It is a setting, not the default, because what runs by itself stops until that first use: the home
// page's carousel advances every 4 s (the spec) only once it is hydrated. Pointer events, not touch or
// wheel ones, so that listening adds no handler a scroll must wait for.
import type { env } from "~/env.server";
import { FULL_STYLESHEET_ID } from "~/lib/full-stylesheet";

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const BOOT = /<script((?: nonce="[^"]*")?) type="module" async="">/;
const DATA = /<script((?: nonce="[^"]*")?)>window\.__reactRouterContext/g;
const SCROLL =
  /<script((?: nonce="[^"]*")?)>(\(\(\w+, \w+\) => \{\s+if \(!window\.history\.state \|\| !window\.history\.state\.key\))/;
const INERT = "text/x-deferred-script";

export type HydrateOn = typeof env.hydrateOn;

/** What starts the loader: the first paint with the eager pictures (at most 3 s), or the first use. */
const START: Record<HydrateOn, string> = {
  load:
    "const painted=new Promise(r=>requestAnimationFrame(()=>setTimeout(r)));" +
    "const pictures=[...document.images].filter(i=>i.loading==='eager'&&!i.complete)" +
    ".map(i=>new Promise(r=>{i.addEventListener('load',r);i.addEventListener('error',r)}));" +
    "Promise.all([parsed,painted,...pictures]).then(go);setTimeout(()=>parsed.then(go),3000)",
  interaction:
    "const use=['pointerdown','pointermove','keydown','focusin','scroll'];" +
    "const first=()=>{for(const e of use)removeEventListener(e,first,true);parsed.then(go)};" +
    "for(const e of use)addEventListener(e,first,{capture:true,passive:true})",
};

// The waiting scripts one per task (the first too, not in the task of the picture load that
// started it all), then the boot script (it starts the entry and the page's route modules), then
// the preloads four to a task: appending them all at once took 1-20 ms of main thread in one
// task, which Lighthouse's 4x CPU counts as blocking time (docs/performance.md).
const loader = (on: HydrateOn) =>
  "(()=>{let b=document.getElementById('rr-boot');" +
  "const run=(d,t)=>{const s=document.createElement('script');if(t)s.type=t;s.nonce=d.nonce;" +
  "s.textContent=d.textContent;d.replaceWith(s)};" +
  "const sc=document.getElementById('rr-scroll');if(sc&&history.state&&history.state.key)run(sc);" +
  "const go=()=>{if(!b)return;" +
  "const boot=b;b=null;const hs=boot.dataset.preload.split(' ');" +
  `const data=[...document.querySelectorAll('script[type="${INERT}"]')];` +
  "const more=()=>{for(const h of hs.splice(0,4)){const l=document.createElement('link');" +
  "l.rel='modulepreload';l.href=h;document.head.append(l)}if(hs.length)setTimeout(more)};" +
  "const step=()=>{const d=data.shift();if(d){run(d);setTimeout(step)}else{run(boot,'module');setTimeout(more)}};" +
  "setTimeout(step)};" +
  "const parsed=new Promise(r=>document.readyState==='loading'?document.addEventListener('DOMContentLoaded',r):r());" +
  // The whole stylesheet (its link is the page's last element) as soon as the page is parsed,
  // with the pictures and before the scripts (app/utils/page-styles.server.ts).
  `parsed.then(()=>{const c=document.getElementById('${FULL_STYLESHEET_ID}');if(c&&c.dataset.href)c.href=c.dataset.href});` +
  `${START[on]}})()`;
// Each mode's loader written once, at start, not for every page.
const LOADERS: Record<HydrateOn, string> = { load: loader("load"), interaction: loader("interaction") };

export function hydrateAfterLoad(rendered: string, on: HydrateOn = "load"): string {
  const preloads = [...new Set([...rendered.matchAll(PRELOAD)].map((m) => m[1]!))];
  // The scripts are asked for with the page, in its first round trip (issue #35: asked for after
  // the pictures they were a round trip more, 400 ms on a slow link), but at low priority: the
  // first screen's pictures (fetchpriority=high) go ahead of them, the pictures below it (lazy,
  // low, found later in the page) after them. They run only once the loader starts them; its
  // own preloads of the same URLs then find them fetched. Without JS they are never sent.
  // (Waiting for the first use, plain `preload`s, which do not compile on arrival, were measured
  // instead: Lighthouse's TBT did not move.)
  const html = rendered.replace(PRELOAD, (tag) =>
    tag.replace('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"'),
  );
  const boot = BOOT.exec(html);
  if (!boot) return rendered;
  const nonce = boot[1]!;
  const end = html.indexOf("</script>", boot.index) + "</script>".length;
  const deferred =
    `<script${nonce} type="text/x-deferred-module" id="rr-boot" data-preload="${preloads.join(" ")}">` +
    html.slice(boot.index + boot[0].length, end) +
    `<script${nonce}>${LOADERS[on]}</script>`;
  const page = (html.slice(0, boot.index) + deferred + html.slice(end)).replace(
    SCROLL,
    `<script$1 type="${INERT}" id="rr-scroll">$2`,
  );
  // All of the data scripts wait, or none: one left to run alone would miss the context.
  const waiting = page.match(DATA)?.length ?? 0;
  if (waiting !== (page.match(/>window\.__reactRouterContext/g)?.length ?? 0)) return page;
  return page.replace(DATA, `<script$1 type="${INERT}">window.__reactRouterContext`);
}

// A browser with no script and no CSS, as w3m or lynx is (issue #35): it reads the HTML, keeps
// cookies, follows redirects, and submits a form with every named field the HTML has — hidden,
// disabled or not (text browsers do not know `disabled` on hidden fields) — without an Origin
// header. What the shopper sees is the page's text.
import type { ChildNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { keepCookies } from "./server";

/** A file chosen for a file input (setInputFiles). */
export type PickedFile = { name: string; type: string; bytes: Uint8Array };

type Page = { url: string; status: number; html: string; doc: ReturnType<typeof parseDocument> };

const isElement = (node: ChildNode): node is Element =>
  node.type === "tag" || node.type === "script" || node.type === "style";

function* walk(nodes: ChildNode[]): Generator<Element> {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    yield node;
    yield* walk(node.children);
  }
}

const BLOCK =
  /^(p|div|li|ul|ol|h[1-6]|tr|table|section|article|header|footer|main|nav|form|dl|dt|dd|br|label|fieldset|details|summary|aside|figure|figcaption|blockquote)$/;

/** The text a text browser shows: no scripts, styles or templates; blocks on their own lines. */
function textOf(nodes: ChildNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text") out += node.data;
    else if (isElement(node)) {
      if (node.type !== "tag" || node.name === "template" || node.name === "noscript") continue;
      const block = BLOCK.test(node.name);
      if (block) out += "\n";
      if (node.name === "img" && node.attribs.alt) out += `[${node.attribs.alt}]`;
      out += textOf(node.children);
      if (block) out += "\n";
    }
  }
  return out;
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** A link's name from its content: its text, a picture standing for its alt, nothing aria-hidden. */
function nameOf(nodes: ChildNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text") out += node.data;
    else if (node.type === "tag" && node.attribs["aria-hidden"] !== "true")
      out += node.name === "img" ? (node.attribs.alt ?? "") : nameOf(node.children);
  }
  return out;
}

/** What a field holds: a textarea's text, a select's chosen option, an unchecked radio nothing. */
function fieldValue(field: Element): string | undefined {
  if (field.attribs.type === "radio" && !("checked" in field.attribs)) return undefined;
  if (field.name === "textarea") return textOf(field.children);
  if (field.name === "select") return chosenOption(field);
  return field.attribs.value ?? "";
}

/** A select's value: its selected option's, else its first's (an option without a value sends its text). */
function chosenOption(select: Element): string | undefined {
  const options = [...walk(select.children)].filter((o) => o.name === "option");
  const chosen = options.find((o) => "selected" in o.attribs) ?? options[0];
  return chosen ? (chosen.attribs.value ?? textOf(chosen.children)) : undefined;
}

/** A test for one compound selector: tag, #id, .class, [attr], [attr=value]. */
function compound(step: string): (e: Element) => boolean {
  const tests: ((e: Element) => boolean)[] = [];
  for (const [, tag, id, cls, attr, quoted, bare] of step.matchAll(
    /^([\w-]+)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=(?:"([^"]*)"|([^\]]*)))?\]/g,
  )) {
    if (tag) tests.push((e) => e.name === tag);
    if (id) tests.push((e) => e.attribs.id === id);
    if (cls) tests.push((e) => (e.attribs.class ?? "").split(/\s+/).includes(cls));
    const value = quoted ?? bare;
    if (attr) tests.push((e) => attr in e.attribs && (value === undefined || e.attribs[attr] === value));
  }
  return (e) => e.type === "tag" && tests.every((t) => t(e));
}

export class PlainBrowser {
  readonly cookies = new Map<string, string>();
  page: Page | null = null;
  /** The statuses of the last open or submit, hop by hop: a successful post answers a redirect first. */
  hops: number[] = [];

  constructor(readonly baseUrl: string) {}

  /** The current page's text (or the first element `scope` matches), spaces collapsed and one block per line. */
  text(scope?: string): string {
    const nodes = scope === undefined ? this.current().doc.children : this.all(scope).slice(0, 1);
    return textOf(nodes)
      .split("\n")
      .map((line) => line.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .join("\n");
  }

  /**
   * What a field named `name` holds on the current page (the first of that name): a select's chosen
   * option, a radio group's checked button.
   */
  value(name: string): string | undefined {
    const named = [...walk(this.current().doc.children)].filter((e) => e.attribs.name === name);
    const field = named.find((e) => e.attribs.type !== "radio" || "checked" in e.attribs) ?? named[0];
    return field ? fieldValue(field) : undefined;
  }

  /** The name of the field labelled `label` (its <label for>, or its aria-label), as getByLabel finds it. */
  field(label: string): string {
    return this.labelled(label).attribs.name!;
  }

  /** What the field labelled `label` holds: for one of several fields of a name (a cart line's quantity). */
  valueByLabel(label: string): string | undefined {
    return fieldValue(this.labelled(label));
  }

  private labelled(label: string): Element {
    const all = [...walk(this.current().doc.children)];
    // A label names the field it is `for`, or the one inside it (its text then is its own, not the options').
    const own = (l: Element) => l.children.filter((c) => !isElement(c) || !/^(input|select|textarea)$/.test(c.name));
    const byLabel = all.find((e) => e.name === "label" && squash(textOf(own(e))) === label);
    const inside =
      byLabel && !byLabel.attribs.for ? [...walk(byLabel.children)].find((e) => e.attribs.name) : undefined;
    const byFor = byLabel?.attribs.for;
    const field =
      inside ??
      all.find(
        (e) => (byFor !== undefined && e.attribs.id === byFor) || (e.attribs["aria-label"] === label && e.attribs.name),
      );
    if (!field?.attribs.name) throw new Error(`no field labelled "${label}" on ${this.current().url}`);
    return field;
  }

  /**
   * The elements a simple selector matches, within `within` or the page: compounds of a tag, #id,
   * .class, [attr] and [attr=value] (quoted or not), joined by spaces (descendants) or `>` (children),
   * e.g. `nav[aria-label="Main"] .badge`, `main .grid > li`.
   */
  all(selector: string, within?: Element): Element[] {
    const steps = selector.match(/>|(?:[^\s"[>]+|\[[^\]]*\])+/g) ?? [];
    let found: Element[] = [within ?? ({ children: this.current().doc.children } as Element)];
    let child = false;
    for (const step of steps) {
      if (step === ">") {
        child = true;
        continue;
      }
      const match = compound(step);
      const under = (parent: Element) => (child ? parent.children.filter(isElement) : [...walk(parent.children)]);
      found = [...new Set(found.flatMap((parent) => under(parent).filter(match)))];
      child = false;
    }
    return found;
  }

  /** The text of each element `selector` matches, whitespace collapsed as Playwright's toHaveText does. */
  texts(selector: string, within?: Element): string[] {
    return this.all(selector, within).map((e) => squash(textOf([e])));
  }

  /**
   * The hrefs of the links named `name` (their text or aria-label; a RegExp: found in them), within
   * `scope` (a selector or an element).
   */
  links(name: string | RegExp, scope: string | Element = ""): string[] {
    const named = (text: string | undefined) =>
      text !== undefined && (typeof name === "string" ? text === name : name.test(text));
    return (typeof scope === "string" ? this.all(`${scope} a`) : this.all("a", scope))
      .filter((a) => named(squash(nameOf(a.children))) || named(a.attribs["aria-label"]))
      .map((a) => a.attribs.href ?? "");
  }

  /** Follows the first link named `name` (its text or aria-label), within `scope` if given. */
  async follow(name: string | RegExp, scope: string | Element = ""): Promise<Page> {
    const [href] = this.links(name, scope);
    if (href === undefined) throw new Error(`no link "${name}" on ${this.current().url}`);
    return this.request(new URL(href, this.current().url).href, { method: "GET" });
  }

  /**
   * A request as the page's own scripts make it with fetch: this browser's cookies sent and kept,
   * an Origin header on a write, `body` as JSON (the JSON door) or, as URLSearchParams, a form post
   * a browser made; a redirect is answered, not followed.
   */
  async api(path: string, body?: unknown, method = body === undefined ? "GET" : "POST"): Promise<Response> {
    const headers = new Headers({ "User-Agent": "w3m/0.5.3+git20230121" });
    if (method !== "GET" && method !== "HEAD") headers.set("Origin", new URL(this.baseUrl).origin);
    const form = body instanceof URLSearchParams;
    if (body !== undefined)
      headers.set("Content-Type", form ? "application/x-www-form-urlencoded" : "application/json");
    if (this.cookies.size > 0) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : form ? body.toString() : JSON.stringify(body),
      redirect: "manual",
    });
    keepCookies(this.cookies, res);
    return res;
  }

  current(): Page {
    if (!this.page) throw new Error("no page yet");
    return this.page;
  }

  async open(path: string): Promise<Page> {
    return this.request(new URL(path, this.baseUrl).href, { method: "GET" });
  }

  /**
   * Submits the form whose submit button says `button` (its text, value or aria-label), with `values`
   * typed into its fields (`false` unchecks a checkbox; a radio group's value checks that radio; a
   * list ticks exactly the checkboxes of a group with those values); the button's own name and value
   * are sent as a browser sends them. Where several forms have that button, `where` picks the one
   * whose fields hold those values (a cart line's hidden productId). A multipart form sends `files`
   * for its file inputs, and an empty file part for the others, as a browser does.
   */
  async submit(
    button: string,
    values: Record<string, string | false | string[]> = {},
    { where = {}, files = {} }: { where?: Record<string, string>; files?: Record<string, PickedFile[]> } = {},
  ): Promise<Page> {
    const { doc, url } = this.current();
    const all = [...walk(doc.children)];
    const forms = all.filter((e) => e.name === "form");
    for (const form of forms) {
      // Its fields: those inside it, and those elsewhere that join it by its id (`form="…"`, as the
      // product page's size radios do), in the page's order.
      const within = new Set(walk(form.children));
      const inside = all.filter((e) =>
        e.attribs.form === undefined ? within.has(e) : e.attribs.form === form.attribs.id,
      );
      const pressed = inside.find(
        (e) =>
          (e.name === "button" &&
            (e.attribs.type ?? "submit") === "submit" &&
            (squash(textOf(e.children)) === button || e.attribs["aria-label"] === button)) ||
          (e.name === "input" && e.attribs.type === "submit" && e.attribs.value === button),
      );
      if (!pressed) continue;
      if (Object.entries(where).some(([k, v]) => !inside.some((e) => e.attribs.name === k && e.attribs.value === v)))
        continue;
      const fields: [string, string | File][] = [];
      for (const e of inside) {
        const name = e.attribs.name;
        if (!name) continue;
        const typed = values[name];
        if (typed === false) continue;
        if (Array.isArray(typed)) {
          const value = e.attribs.value ?? "on";
          if (e.name === "input" && e.attribs.type === "checkbox" && typed.includes(value)) fields.push([name, value]);
          continue;
        }
        if (e.name === "input") {
          const type = (e.attribs.type ?? "text").toLowerCase();
          if (type === "submit" || type === "button" || type === "image") continue;
          if (type === "file") {
            const picked = (files[name] ?? []).map(
              (f) => new File([new Uint8Array(f.bytes)], f.name, { type: f.type }),
            );
            for (const file of picked.length ? picked : [new File([], "", { type: "application/octet-stream" })])
              fields.push([name, file]);
            continue;
          }
          // A value typed for a radio group checks the radio of that value, and only it is sent.
          if (type === "radio" && typed !== undefined) {
            if ((e.attribs.value ?? "on") === typed) fields.push([name, typed]);
            continue;
          }
          if ((type === "checkbox" || type === "radio") && !("checked" in e.attribs) && typed === undefined) continue;
          fields.push([name, typed ?? e.attribs.value ?? (type === "checkbox" ? "on" : "")]);
        } else if (e.name === "textarea") {
          fields.push([name, typed ?? textOf(e.children)]);
        } else if (e.name === "select") {
          fields.push([name, typed ?? chosenOption(e) ?? ""]);
        }
      }
      if (pressed.attribs.name) fields.push([pressed.attribs.name, pressed.attribs.value ?? ""]);
      const action = new URL(pressed.attribs.formaction ?? form.attribs.action ?? url, url).href;
      const method = (pressed.attribs.formmethod ?? form.attribs.method ?? "get").toUpperCase();
      const encoded = () =>
        new URLSearchParams(fields.map(([k, v]) => [k, typeof v === "string" ? v : v.name])).toString();
      if (method === "GET") {
        const target = new URL(action);
        target.search = encoded();
        return this.request(target.href, { method: "GET" });
      }
      if ((pressed.attribs.formenctype ?? form.attribs.enctype) === "multipart/form-data") {
        const body = new FormData();
        for (const [k, v] of fields) body.append(k, v);
        return this.request(action, { method: "POST", body });
      }
      return this.request(action, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: encoded(),
      });
    }
    throw new Error(`no form with a "${button}" button on ${url}`);
  }

  /** Like a browser: cookies sent and kept, redirects followed (a 303/302 after a post is a GET). */
  private async request(
    url: string,
    init: { method: string; headers?: Record<string, string>; body?: string | FormData },
  ) {
    let next = url;
    let request = init;
    this.hops = [];
    for (let hops = 0; hops < 10; hops++) {
      const headers = new Headers(request.headers);
      headers.set("User-Agent", "w3m/0.5.3+git20230121");
      if (this.cookies.size > 0) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
      const res = await fetch(next, { ...request, headers, redirect: "manual" });
      this.hops.push(res.status);
      keepCookies(this.cookies, res);
      const location = res.headers.get("Location");
      if (res.status >= 300 && res.status < 400 && location) {
        next = new URL(location, next).href;
        request = { method: "GET" };
        continue;
      }
      const html = await res.text();
      this.page = { url: next, status: res.status, html, doc: parseDocument(html) };
      return this.page;
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

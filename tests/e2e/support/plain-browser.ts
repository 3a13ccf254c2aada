// A browser with no script and no CSS, as w3m or lynx is (issue #35): it reads the HTML, keeps
// cookies, follows redirects, and submits a form with every named field the HTML has — hidden,
// disabled or not (text browsers do not know `disabled` on hidden fields) — without an Origin
// header. What the shopper sees is the page's text.
import type { ChildNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { keepCookies } from "./server";

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

export class PlainBrowser {
  readonly cookies = new Map<string, string>();
  page: Page | null = null;
  /** The statuses of the last open or submit, hop by hop: a successful post answers a redirect first. */
  hops: number[] = [];

  constructor(readonly baseUrl: string) {}

  /** The current page's text, spaces collapsed and one block per line. */
  text(): string {
    return textOf(this.current().doc.children)
      .split("\n")
      .map((line) => line.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .join("\n");
  }

  /** What a field named `name` holds on the current page (the first of that name). */
  value(name: string): string | undefined {
    const field = [...walk(this.current().doc.children)].find((e) => e.attribs.name === name);
    if (!field) return undefined;
    return field.name === "textarea" ? textOf(field.children) : field.attribs.value;
  }

  current(): Page {
    if (!this.page) throw new Error("no page yet");
    return this.page;
  }

  async open(path: string): Promise<Page> {
    return this.request(new URL(path, this.baseUrl).href, { method: "GET" });
  }

  /**
   * Submits the form whose submit button says `button` (its text or value), with `values` typed
   * into its fields; the button's own name and value are sent as a browser sends them.
   */
  async submit(button: string, values: Record<string, string> = {}): Promise<Page> {
    const { doc, url } = this.current();
    const all = [...walk(doc.children)];
    const forms = all.filter((e) => e.name === "form");
    for (const form of forms) {
      const inside = [...walk(form.children)];
      const pressed = inside.find(
        (e) =>
          (e.name === "button" && (e.attribs.type ?? "submit") === "submit" && textOf(e.children).trim() === button) ||
          (e.name === "input" && e.attribs.type === "submit" && e.attribs.value === button),
      );
      if (!pressed) continue;
      const fields = new URLSearchParams();
      for (const e of inside) {
        const name = e.attribs.name;
        if (!name) continue;
        if (e.name === "input") {
          const type = (e.attribs.type ?? "text").toLowerCase();
          if (type === "submit" || type === "button" || type === "image" || type === "file") continue;
          if ((type === "checkbox" || type === "radio") && !("checked" in e.attribs) && !(name in values)) continue;
          fields.append(name, values[name] ?? e.attribs.value ?? (type === "checkbox" ? "on" : ""));
        } else if (e.name === "textarea") {
          fields.append(name, values[name] ?? textOf(e.children));
        } else if (e.name === "select") {
          const options = [...walk(e.children)].filter((o) => o.name === "option");
          const chosen = options.find((o) => "selected" in o.attribs) ?? options[0];
          fields.append(name, values[name] ?? chosen?.attribs.value ?? textOf(chosen?.children ?? []));
        }
      }
      if (pressed.attribs.name) fields.append(pressed.attribs.name, pressed.attribs.value ?? "");
      const action = new URL(pressed.attribs.formaction ?? form.attribs.action ?? url, url).href;
      const method = (pressed.attribs.formmethod ?? form.attribs.method ?? "get").toUpperCase();
      if (method === "GET") {
        const target = new URL(action);
        target.search = fields.toString();
        return this.request(target.href, { method: "GET" });
      }
      return this.request(action, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: fields.toString(),
      });
    }
    throw new Error(`no form with a "${button}" button on ${url}`);
  }

  /** Like a browser: cookies sent and kept, redirects followed (a 303/302 after a post is a GET). */
  private async request(url: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
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

// What the HTTP server knows about a request and hands to the app through React Router's load
// context (server/app.ts): the client's address and the origin the request was sent to (as
// Express's `trust proxy` sees them: TRUST_PROXY), and the nonce of this response's
// Content-Security-Policy (helmet sends the header).
import { createContext, type RouterContextProvider } from "react-router";

export type RequestInfo = { ip: string; origin: string; nonce: string };

export const requestInfo = createContext<RequestInfo>({ ip: "unknown", origin: "", nonce: "" });

export const ipOf = (context: Readonly<RouterContextProvider>) => context.get(requestInfo).ip;
export const nonceOf = (context: Readonly<RouterContextProvider>) => context.get(requestInfo).nonce;
/** "" when the server gave none (a loader called outside it, as in unit tests). */
export const originOf = (context: Readonly<RouterContextProvider>) => context.get(requestInfo).origin;

/**
 * The origin of Express's req.protocol and req.host, which take X-Forwarded-Proto and -Host (first
 * values) from a trusted proxy only: the one reading of them that the request checks, the page
 * cache and the app's absolute URLs share. Not request.url, whose adapter gives a forwarded host
 * the port of Host (https://shop.example.in:3000 behind a proxy that left Host as 127.0.0.1:3000).
 * "" when they make no http(s) origin (server/middleware.ts refuses such requests).
 */
export function requestOrigin(req: { protocol: string; host?: string | undefined }): string {
  const url = `${req.protocol}://${req.host}`;
  return req.host && /^https?$/i.test(req.protocol) && URL.canParse(url) ? new URL(url).origin : "";
}

// What the HTTP server knows about a request and hands to the app through React Router's load
// context (server/app.ts): the client's address (as Express's `trust proxy` sees it) and the
// nonce of this response's Content-Security-Policy (helmet sends the header).
import { createContext, type RouterContextProvider } from "react-router";

export type RequestInfo = { ip: string; nonce: string };

export const requestInfo = createContext<RequestInfo>({ ip: "unknown", nonce: "" });

export const ipOf = (context: Readonly<RouterContextProvider>) => context.get(requestInfo).ip;
export const nonceOf = (context: Readonly<RouterContextProvider>) => context.get(requestInfo).nonce;

import { createHash, randomBytes } from "node:crypto";

// Tokens sent by mail (a password reset, a COD order's confirm link): 256 random bits, kept only
// as their sha256, so a copy of the database opens nothing.

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

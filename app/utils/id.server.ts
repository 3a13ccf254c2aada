// 24 hex characters (96 random bits): opaque, unguessable, and long enough that the
// "last 6 characters" order number is rarely shared.
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

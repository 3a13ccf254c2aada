/** The first word of a name, else of the email, for "Welcome back!" greetings. */
export function firstName(name: string | null | undefined, email: string): string {
  const source = name?.trim() || email.split("@")[0] || email;
  return source.split(/\s+/)[0] ?? source;
}

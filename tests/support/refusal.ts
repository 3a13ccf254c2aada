/** The error `promise` rejects with, or undefined when it resolves: a refusal to assert on. */
export async function refusal(promise: Promise<unknown>): Promise<Error | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
}

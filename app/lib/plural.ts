/** "1 order", "3 orders": a count and its noun, in the English of the owner's pages. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "1 file", "3 files". */
export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

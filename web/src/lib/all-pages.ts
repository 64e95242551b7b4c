interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Follows `next_cursor` until the last page: for lists shown whole (a transcript, a picker's options). */
export async function readAllPages<T>(readPage: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await readPage(cursor);
    rows.push(...page.data);
    cursor = page.has_more && page.next_cursor ? page.next_cursor : undefined;
  } while (cursor);
  return rows;
}

interface ShowMoreProps {
  /** What the list holds, for the button's words: "Show more users". */
  noun: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The next cursor page of a list, on request. */
export function ShowMore({ noun, hasNextPage, isFetchingNextPage, fetchNextPage }: ShowMoreProps) {
  if (!hasNextPage) return null;
  return (
    <button type="button" className="button" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
      {isFetchingNextPage ? 'Loading…' : `Show more ${noun}`}
    </button>
  );
}

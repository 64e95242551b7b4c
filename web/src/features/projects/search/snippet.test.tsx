import { describe, expect, it } from 'vitest';
import { parseSnippet } from './snippet.ts';

describe('parseSnippet', () => {
  it('splits the snippet into plain and matched parts', () => {
    expect(parseSnippet('Otters <<use>> small <<stones>>.')).toEqual([
      { text: 'Otters ', matched: false },
      { text: 'use', matched: true },
      { text: ' small ', matched: false },
      { text: 'stones', matched: true },
      { text: '.', matched: false },
    ]);
  });

  it('keeps HTML in the file text as text, and an unpaired marker as written', () => {
    expect(parseSnippet('<b>x</b> <<otter>> << tail')).toEqual([
      { text: '<b>x</b> ', matched: false },
      { text: 'otter', matched: true },
      { text: ' << tail', matched: false },
    ]);
  });

  it('gives nothing for an empty snippet', () => {
    expect(parseSnippet('')).toEqual([]);
  });
});

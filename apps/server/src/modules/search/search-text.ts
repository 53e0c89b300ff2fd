// Search text to a PostgreSQL tsquery. The viewer's text is never handed to to_tsquery as typed:
// it is cut into words of letters and digits only, so quotes, &, |, !, :*, backslashes and every
// other operator character are plain separators and cannot change the query's meaning or fail it.

/** At most this many words of the text count (a search box, not a document). */
export const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/** The words of `text`: letters and digits, lower case, without repeats, in order. */
export function searchTerms(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
}

/**
 * A to_tsquery expression: every word must match, each as a prefix (the viewer may still be
 * typing) or as one of its spelling corrections. Only letters, digits and our own operators.
 */
export function tsqueryText(terms: readonly string[], corrections: ReadonlyMap<string, readonly string[]>): string {
  return terms
    .map((term) => {
      const alternatives = [`${term}:*`, ...(corrections.get(term) ?? []).filter((word) => /^[\p{L}\p{N}]+$/u.test(word))];
      return `(${alternatives.join(' | ')})`;
    })
    .join(' & ');
}

/** The words' own expressions of a `tsqueryText` (each word with its corrections), in order. */
export function tsqueryWords(text: string): string[] {
  return text === '' ? [] : text.split(' & ');
}

/**
 * The tsquery of a whole text (`tsqueryText`) from each term's own, as PostgreSQL printed them:
 * to_tsquery reads `a & b` as the AND of what it makes of each, and drops stop words term by term.
 */
export function joinTsqueries(pieces: readonly string[]): string {
  return pieces
    .filter((piece) => piece !== '')
    .map((piece) => `( ${piece} )`)
    .join(' & ');
}

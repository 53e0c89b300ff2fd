import { describe, expect, it } from 'vitest';
import { searchTerms, tsqueryText } from './search-text.js';

describe('search text', () => {
  it('keeps letters and digits and drops every tsquery operator', () => {
    expect(searchTerms(`it's a & b | !c :* d\\e`)).toEqual(['it', 's', 'a', 'b', 'c', 'd', 'e']);
    expect(searchTerms("'; DROP TABLE videos; --")).toEqual(['drop', 'table', 'videos']);
  });

  it('keeps accented and non-Latin words whole, lower case, without repeats', () => {
    expect(searchTerms('Cholécystectomie  CHOLÉCYSTECTOMIE 胆嚢摘出')).toEqual(['cholécystectomie', '胆嚢摘出']);
  });

  it('builds a prefix query with the corrections as alternatives', () => {
    const corrections = new Map([['colecystectomy', ['cholecystectomy']]]);
    expect(tsqueryText(['colecystectomy', 'lap'], corrections)).toBe('(colecystectomy:* | cholecystectomy) & (lap:*)');
  });

  it('drops a correction that is not a plain word', () => {
    expect(tsqueryText(['a'], new Map([['a', ['b:*', 'c']]]))).toBe('(a:* | c)');
  });
});

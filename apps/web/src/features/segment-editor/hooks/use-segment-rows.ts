// The segment rows being edited: typed times that follow the text while it parses and settle to
// m:ss (re-sorting the list) when the field is left, times taken from the playhead, added and
// removed rows, and which fields the provider has left (their errors show from then on).
import { useState } from 'react';
import { segmentClock, type Segment } from '@ipsv/contracts/segments';
import { parseClock, rowFrom, sortRows, type SegmentRow } from '../segment-rows';

type Edge = 'start' | 'end';

export function useSegmentRows(initial: readonly Segment[], onChange: () => void) {
  const [rows, setRows] = useState<SegmentRow[]>(() => sortRows(initial.map(rowFrom)));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const change = (next: (current: SegmentRow[]) => SegmentRow[]) => {
    onChange();
    setRows(next);
  };
  const touch = (rowId: string, field: string) => setTouched((current) => new Set(current).add(`${rowId}.${field}`));

  return {
    rows,
    isTouched: (rowId: string, field: string) => touched.has(`${rowId}.${field}`),
    touch,
    update: (id: string, patch: Partial<SegmentRow>) => change((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row))),
    setTime: (row: SegmentRow, edge: Edge, text: string) => {
      const seconds = parseClock(text);
      const patch =
        edge === 'start' ? { startText: text, ...(seconds !== null && { start: seconds }) } : { endText: text, ...(seconds !== null && { end: seconds }) };
      change((current) => current.map((r) => (r.id === row.id ? { ...r, ...patch } : r)));
    },
    /** Once a time is settled the text shows the canonical m:ss and the list re-sorts. */
    settle: (row: SegmentRow, edge: Edge) => {
      setRows((current) =>
        sortRows(
          current.map((r) =>
            r.id !== row.id || parseClock(edge === 'start' ? r.startText : r.endText) === null ? r : { ...r, [`${edge}Text`]: segmentClock(r[edge]) },
          ),
        ),
      );
      touch(row.id, edge);
    },
    setToTime: (row: SegmentRow, edge: Edge, time: number) =>
      change((current) => sortRows(current.map((r) => (r.id === row.id ? { ...r, [edge]: time, [`${edge}Text`]: segmentClock(time) } : r)))),
    add: (added: SegmentRow[]) => change((current) => sortRows([...current, ...added])),
    remove: (id: string) => change((current) => current.filter((r) => r.id !== id)),
    /** After a save: the stored segments, nothing touched. */
    reset: (stored: readonly Segment[]) => {
      setRows(sortRows(stored.map(rowFrom)));
      setTouched(new Set());
    },
  };
}

export type SegmentRows = ReturnType<typeof useSegmentRows>;

// Whether the segments may be confirmed: the contracts schema (field by field, in the user's
// language), times that parse, and no overlap or segment outside the video.
import { segmentsInputSchema, segmentsProblem, type Segments } from '@ipsv/contracts/segments';
import { useSegmentMessage } from '../segment-messages';
import { parseClock, toInput, type SegmentRow } from '../segment-rows';

export type SegmentSettings = Pick<Segments, 'fileType' | 'category' | 'isPublic'>;

export function useSegmentCheck(rows: readonly SegmentRow[], settings: SegmentSettings, duration: number) {
  const message = useSegmentMessage();
  const parsed = segmentsInputSchema.safeParse(toInput(rows, settings));
  const fieldErrors = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!fieldErrors.has(key)) fieldErrors.set(key, message(issue.message));
    }
  }
  const timeInvalid = rows.some((r) => parseClock(r.startText) === null || parseClock(r.endText) === null);
  const problem = segmentsProblem(rows, duration);
  return {
    /** The body to send, when the schema accepts it. */
    body: parsed.success ? parsed.data : null,
    fieldError: (key: string) => fieldErrors.get(key),
    /** An overlap or a segment outside the video, in words. */
    problem: problem ? message(problem) : null,
    canConfirm: parsed.success && problem === null && !timeInvalid,
    blocked: problem !== null || timeInvalid,
  };
}

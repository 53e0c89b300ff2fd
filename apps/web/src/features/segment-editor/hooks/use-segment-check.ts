// Whether the segments may be confirmed: the contracts schema (field by field, in the user's
// language), times that parse, and no overlap or segment outside the video.
import { useTranslation } from 'react-i18next';
import { segmentsInputSchema, segmentsProblem, type Segments } from '@ipsv/contracts/segments';
import { codeText, issueText } from '../../../lib/use-error-text';
import { parseClock, toInput, type SegmentRow } from '../segment-rows';

export type SegmentSettings = Pick<Segments, 'fileType' | 'category' | 'isPublic'>;

export function useSegmentCheck(rows: readonly SegmentRow[], settings: SegmentSettings, duration: number) {
  const { t } = useTranslation();
  const parsed = segmentsInputSchema.safeParse(toInput(rows, settings));
  const fieldErrors = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!fieldErrors.has(key)) fieldErrors.set(key, issueText(t, issue, 'segment'));
    }
  }
  const timeInvalid = rows.some((r) => parseClock(r.startText) === null || parseClock(r.endText) === null);
  const problem = segmentsProblem(rows, duration);
  return {
    /** The body to send, when the schema accepts it. */
    body: parsed.success ? parsed.data : null,
    fieldError: (key: string) => fieldErrors.get(key),
    /** An overlap or a segment outside the video, in words. */
    problem: problem ? codeText(t, problem, {}, 'segment') : null,
    canConfirm: parsed.success && problem === null && !timeInvalid,
    blocked: problem !== null || timeInvalid,
  };
}

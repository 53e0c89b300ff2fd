// The details form's values (strings where Mantine inputs want strings) and their way to and from
// the contracts: a video's saved details in, videoDetailsInputSchema's parsed body out.
import type { TFunction } from 'i18next';
import { videoDetailsInputSchema, type Description, type Video, type VideoDetails, type VideoDetailsInput, type Visibility } from '@ipsv/contracts/videos';
import { issueText } from '../../lib/use-error-text';

type Choice = string | null;

export interface DetailsFormValues {
  title: string;
  surgeryTypeId: Choice;
  patientGender: Choice;
  surgeryEvent: string;
  description: { procedure: string; approach: Choice; initialOrRedo: Choice; technique: string; caseType: Choice; ageBand: Choice; weightClass: Choice };
  surgeryDate: string;
  pgsGrade: Choice;
  thumbnail: VideoDetailsInput['thumbnail'];
  videoLink: string;
  fileName: string;
  isDownloadable: boolean;
  visibility: Visibility;
  /** One entry per line (or separated by commas). */
  whitelist: string;
  autoConfirm: boolean;
}

export function valuesFromVideo(video: Video): DetailsFormValues {
  const d = video.details;
  return {
    title: d.title,
    surgeryTypeId: d.surgeryTypeId == null ? null : String(d.surgeryTypeId),
    patientGender: d.patientGender,
    surgeryEvent: d.surgeryEvent,
    description: { ...d.description },
    surgeryDate: d.surgeryDate ?? '',
    pgsGrade: d.pgsGrade == null ? null : String(d.pgsGrade),
    thumbnail: d.thumbnail,
    videoLink: d.videoLink,
    fileName: d.fileName,
    isDownloadable: d.isDownloadable,
    visibility: d.visibility,
    whitelist: d.whitelist.join('\n'),
    autoConfirm: d.autoConfirm,
  };
}

export function whitelistEntries(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The form's values in the schema's input shape (the schema trims, defaults and transforms). */
export function inputFromValues(values: DetailsFormValues): VideoDetailsInput {
  return {
    title: values.title,
    surgeryTypeId: values.surgeryTypeId == null ? null : Number(values.surgeryTypeId),
    patientGender: values.patientGender as VideoDetailsInput['patientGender'],
    surgeryEvent: values.surgeryEvent,
    description: values.description as Description,
    surgeryDate: values.surgeryDate === '' ? null : values.surgeryDate,
    pgsGrade: values.pgsGrade == null ? null : Number(values.pgsGrade),
    thumbnail: values.thumbnail,
    videoLink: values.videoLink,
    fileName: values.fileName,
    isDownloadable: values.isDownloadable,
    visibility: values.visibility,
    whitelist: whitelistEntries(values.whitelist),
    autoConfirm: values.autoConfirm,
  };
}

/** Form field of a schema issue path: whitelist[3] is the whitelist text area. */
function fieldOf(path: readonly PropertyKey[]): string {
  if (path[0] === 'whitelist') return 'whitelist';
  if (path[0] === 'thumbnail') return 'thumbnail';
  return path.map(String).join('.');
}

export type DetailsParse = { ok: true; body: VideoDetails } | { ok: false; errors: Record<string, string> };

export function parseValues(values: DetailsFormValues, t: TFunction): DetailsParse {
  const result = videoDetailsInputSchema.safeParse(inputFromValues(values));
  if (result.success) return { ok: true, body: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    errors[field] ??= issueText(t, issue);
  }
  return { ok: false, errors };
}

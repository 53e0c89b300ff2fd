// Why the upload checks refused a video, one reason at a time, in the user's language (the server's
// English text only for a reason this app does not know). Shown on /progress and on the rejected
// video's details page.
import { useTranslation } from 'react-i18next';
import type { Video } from '@ipsv/contracts/videos';

type Violation = Video['violations'][number];

export function useViolationText() {
  const { t } = useTranslation();
  return (violation: Violation) => {
    const p = violation.params;
    if (violation.code === 'orientation') {
      const width = Number(p.width);
      const height = Number(p.height);
      const shape = width > height ? 'landscape' : width === height ? 'square' : 'vertical';
      return t('videoDetails.violations.orientation', { width, height, shape: t(`videoDetails.orientations.${shape}`) });
    }
    if (violation.code === 'size') return t('videoDetails.violations.size', { megabytes: Number(p.megabytes).toLocaleString() });
    return t(`videoDetails.violations.${violation.code}`, { ...p, defaultValue: violation.message });
  };
}

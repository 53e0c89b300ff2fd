// A range's reasons in words ("Face, Text").
import { useTranslation } from 'react-i18next';
import type { PrivacyRange } from '@ipsv/contracts/privacy-review';

export function useReasonsText() {
  const { t } = useTranslation();
  return (range: PrivacyRange) => range.reasons.map((reason) => t(`piiEditor.reasons.${reason}`)).join(', ');
}

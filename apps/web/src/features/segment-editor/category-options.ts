// The segment categories as options of a select, in the user's language.
import { useTranslation } from 'react-i18next';
import { SEGMENT_CATEGORIES } from '@ipsv/contracts/segments';

export function useCategoryOptions() {
  const { t } = useTranslation();
  return SEGMENT_CATEGORIES.map((category) => ({ value: category, label: t(`segmentEditor.categories.${category}`) }));
}

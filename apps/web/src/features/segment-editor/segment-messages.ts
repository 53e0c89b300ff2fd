// The contracts' segment messages in the user's language (anything else goes through the shared
// map), and the segment categories' names.
import { useTranslation } from 'react-i18next';
import {
  RANGE_ORDER_MESSAGE,
  RANGE_OUTSIDE_MESSAGE,
  RANGE_OVERLAP_MESSAGE,
  SEGMENT_CATEGORIES,
  SEGMENT_DESCRIPTION_MAX_WORDS,
  TOO_MANY_WORDS_MESSAGE,
} from '@ipsv/contracts/segments';
import { translateMessage } from '../../lib/validation-messages';

const KEYS: Record<string, string> = {
  [RANGE_ORDER_MESSAGE]: 'segmentEditor.messages.order',
  [RANGE_OUTSIDE_MESSAGE]: 'segmentEditor.messages.outside',
  [RANGE_OVERLAP_MESSAGE]: 'segmentEditor.messages.overlap',
  [TOO_MANY_WORDS_MESSAGE]: 'segmentEditor.messages.tooManyWords',
};

export function useSegmentMessage() {
  const { t } = useTranslation();
  return (message: string) => {
    const key = KEYS[message.replace(/^[\w.]+: /, '')];
    return key ? t(key, { max: SEGMENT_DESCRIPTION_MAX_WORDS }) : translateMessage(t, message);
  };
}

/** The segment categories as options of a select, in the user's language. */
export function useCategoryOptions() {
  const { t } = useTranslation();
  return SEGMENT_CATEGORIES.map((category) => ({ value: category, label: t(`segmentEditor.categories.${category}`) }));
}

// The contracts' range messages in the user's language (unknown ones, e.g. from the server, as they
// came), and a range's reasons in words.
import { useTranslation } from 'react-i18next';
import {
  RANGE_ORDER_MESSAGE,
  RANGE_OUTSIDE_MESSAGE,
  RANGE_OVERLAP_MESSAGE,
  REVIEW_NOT_READY_MESSAGE,
  type PrivacyRange,
} from '@ipsv/contracts/privacy-review';

const KEYS: Record<string, string> = {
  [RANGE_ORDER_MESSAGE]: 'piiEditor.messages.order',
  [RANGE_OUTSIDE_MESSAGE]: 'piiEditor.messages.outside',
  [RANGE_OVERLAP_MESSAGE]: 'piiEditor.messages.overlap',
  [REVIEW_NOT_READY_MESSAGE]: 'piiEditor.notReady',
};

export function useRangeMessage() {
  const { t } = useTranslation();
  return (message: string) => {
    const key = KEYS[message.replace(/^[\w.]+: /, '')];
    return key ? t(key) : message;
  };
}

/** A range's reasons in words ("Face, Text"). */
export function useReasonsText() {
  const { t } = useTranslation();
  return (range: PrivacyRange) => range.reasons.map((reason) => t(`piiEditor.reasons.${reason}`)).join(', ');
}

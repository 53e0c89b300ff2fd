// The words to show for a failed call. Every error display of the web app goes through this hook,
// so that translating errors by code (when the API sends domain codes) changes one place.
// A feature may pass its own message map (ranges, segments) for the contracts messages only it
// knows; it is applied after the shared map.
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
import { translateMessage } from './validation-messages';

export type FeatureMessages = (message: string) => string;

export function useErrorText(featureMessages?: FeatureMessages) {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (error instanceof ApiError) {
      if (error.code === 'NETWORK') return t('auth.errors.network');
      const text = translateMessage(t, error.message);
      return featureMessages ? featureMessages(text) : text;
    }
    return t('errors.unexpected');
  };
}

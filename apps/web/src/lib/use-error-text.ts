// The words to show for a failed call: the server's message, translated when it is one we know.
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
import { translateMessage } from './validation-messages';

export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (error instanceof ApiError) {
      if (error.code === 'NETWORK') return t('auth.errors.network');
      return translateMessage(t, error.message);
    }
    return t('errors.unexpected');
  };
}

// Shown when a route fails to load (for example the server cannot be reached): the generic
// message box with the spec's 'internal server error', and a reload.
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { MessageBox } from '../components/message-box';
import { ApiError } from '../lib/api-client';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = error instanceof ApiError && error.code === 'NETWORK' ? t('errors.sessionFailed') : t('common.internalServerError');
  return (
    <MessageBox
      opened
      title={t('errors.pageFailedTitle')}
      message={message}
      buttonLabel={t('common.reload')}
      onClose={() => window.location.reload()}
    />
  );
}

// Shown when a route fails: a page about something that does not exist (a malformed or unknown id)
// shows the not-found page; anything else (for example the server cannot be reached) the generic
// message box with the spec's 'internal server error', and a reload.
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessageBox } from '../components/message-box';
import { ApiError } from '../lib/api-client';
import { codeText } from '../lib/use-error-text';
import { NotFoundError } from '../lib/not-found';
import { NotFoundPage } from './routes/not-found-page';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error instanceof NotFoundError || (isRouteErrorResponse(error) && error.status === 404)) return <NotFoundPage />;
  const message = error instanceof ApiError && error.code === 'NETWORK' ? t('errors.sessionFailed') : codeText(t, 'INTERNAL');
  return <MessageBox opened title={t('errors.pageFailedTitle')} message={message} buttonLabel={t('common.reload')} onClose={() => window.location.reload()} />;
}

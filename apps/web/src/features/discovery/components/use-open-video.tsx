// Opening a video from a card (spec section 2): the access is checked first, with a spinner on the
// card; then the video page, or the message box 'Message' / 'you do not have access to this video' / Ok.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MessageBox } from '../../../components/message-box';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { checkVideoAccess } from '../api/check-access';

export function videoPath(videoId: string, startTime?: number): string {
  return `/video/${encodeURIComponent(videoId)}${startTime === undefined ? '' : `?t=${Math.floor(startTime)}`}`;
}

export function useOpenVideo(): { open: (videoId: string, startTime?: number) => void; checking: string | null; messageBox: ReactNode } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [checking, setChecking] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const open = (videoId: string, startTime?: number) => {
    if (checking) return;
    setChecking(videoId);
    checkVideoAccess(videoId)
      .then(() => navigate(videoPath(videoId, startTime)))
      .catch((error: unknown) => setMessage(error instanceof ApiError && error.code === 'NO_ACCESS' ? t('errors.NO_ACCESS') : errorText(error)))
      .finally(() => setChecking(null));
  };

  const messageBox = (
    <MessageBox opened={message !== null} title={t('common.message')} message={message ?? ''} buttonLabel={t('common.ok')} onClose={() => setMessage(null)} />
  );
  return { open, checking, messageBox };
}

/** A plain click opens through the check; a click with a modifier key keeps the browser's own behaviour (new tab). */
export const plainClick = (event: React.MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

// /upload: choose surgery videos (drag and drop, browse, Dropbox when configured), answer the
// patient-privacy question, and Continue to start the resumable uploads.
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import Dashboard from '@uppy/react/dashboard';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MAX_UPLOAD_BYTES } from '@ipsv/contracts/upload';
import type { PrivacyAnswer } from '@ipsv/contracts/videos';
import { useProfile } from '../../../api/get-profile';
import { ErrorAlert } from '../../../components/error-alert';
import { codeText } from '../../../lib/use-error-text';
import { Page } from '../../../components/page';
import { useUploadConfig } from '../api/get-upload-config';
import { PrivacyQuestion } from '../components/privacy-question';
import { ProvidersOnly } from '../components/providers-only';
import { UploadGuidance } from '../components/upload-guidance';
import { enableDropbox, getUploader, startUploads, useUploadSnapshot, type UploadFile } from '../upload-store';

const UPLOADING_ROLES = new Set(['provider', 'admin']);
/** Uppy's locale type wants a plural rule; ours replace singular strings only, so keep English's. */
const pluralize = (count: number) => (count === 1 ? 0 : 1);

function Uploader({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const uppy = getUploader(userId);
  const { files } = useUploadSnapshot(userId);
  const config = useUploadConfig();
  const [answer, setAnswer] = useState<PrivacyAnswer | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const companionUrl = config.data?.companionUrl;

  useEffect(() => {
    if (companionUrl) enableDropbox(uppy, companionUrl);
  }, [uppy, companionUrl]);

  // Uppy's own informer speaks English; refusals are also listed here in the user's language.
  useEffect(() => {
    const onRefused = (file: UploadFile | undefined, error: Error) => {
      const name = file?.name ?? '';
      const message =
        file?.size != null && file.size > MAX_UPLOAD_BYTES
          ? codeText(t, 'UPLOAD_TOO_LARGE')
          : (error as { file?: unknown }).file
            ? t('upload.wrongType')
            : error.message;
      setRefusals((previous) => [...previous.slice(-4), name ? `${name}: ${message}` : message]);
    };
    uppy.on('restriction-failed', onRefused);
    uppy.setOptions({ locale: { strings: { exceedsSize: codeText(t, 'UPLOAD_TOO_LARGE'), youCanOnlyUploadFileTypes: t('upload.wrongType') }, pluralize } });
    return () => {
      uppy.off('restriction-failed', onRefused);
    };
  }, [uppy, t, i18n.language]);

  const waiting = files.filter((file) => !file.progress.uploadStarted);
  const canContinue = waiting.length > 0 && answer !== null;
  const dashboardLocale = useMemo(
    () => ({
      strings: {
        dropPasteFiles: t('upload.dashboard.drop'),
        dropPasteImportFiles: t('upload.dashboard.dropImport'),
        browseFiles: t('upload.dashboard.browse'),
      },
      pluralize,
    }),
    [t],
  );

  return (
    <Stack gap="md">
      <UploadGuidance />
      <Dashboard
        uppy={uppy}
        width="100%"
        height={360}
        hideUploadButton
        hideProgressAfterFinish
        proudlyDisplayPoweredByUppy={false}
        note={t('upload.dashboard.note')}
        locale={dashboardLocale}
        aria-label={t('upload.dashboard.label')}
      />
      {refusals.length > 0 && (
        <Alert color="red" variant="light" role="alert" withCloseButton closeButtonLabel={t('common.close')} onClose={() => setRefusals([])}>
          <Stack gap={4}>
            {refusals.map((text, index) => (
              <div key={index}>{text}</div>
            ))}
          </Stack>
        </Alert>
      )}
      <PrivacyQuestion value={answer} onChange={setAnswer} />
      <Group>
        <Button
          disabled={!canContinue}
          onClick={() => {
            if (!answer) return;
            startUploads(uppy, answer);
            void navigate('/upload-progress');
          }}
        >
          {t('upload.continue')}
        </Button>
      </Group>
    </Stack>
  );
}

export function UploadPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Page title={t('pages.upload.title')}>
      {profile.isError ? (
        <ErrorAlert error={profile.error} />
      ) : !profile.data ? (
        <Loader aria-label={t('common.loading')} />
      ) : UPLOADING_ROLES.has(profile.data.role) ? (
        <Uploader userId={profile.data.id} />
      ) : (
        <ProvidersOnly />
      )}
    </Page>
  );
}

// 'Confirm Sign Up': the emailed code, 'Resend Code', and 'User is already confirmed.' as success.
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALREADY_CONFIRMED_MESSAGE, VERIFICATION_CODE_LENGTH } from '@ipsv/contracts/auth';
import { ApiError } from '../../../lib/api-client';
import { authCalls } from '../api/auth-calls';
import { AuthCard, CodeInput} from './form-parts';
import { useErrorText } from '../../../lib/use-error-text';

export function ConfirmSignUpScreen(props: {
  email: string;
  resent?: boolean;
  onDone: () => void;
  onAlreadyConfirmed: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(props.resent ? t('auth.confirmSignUp.resent') : null);
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);

  const alreadyConfirmed = (caught: unknown) => caught instanceof ApiError && caught.message === ALREADY_CONFIRMED_MESSAGE;

  return (
    <AuthCard title={t('auth.confirmSignUp.title')} error={error}>
      <Text size="sm">{t('auth.confirmSignUp.sentTo', { email: props.email })}</Text>
      {notice && (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy('confirm');
          setError(null);
          try {
            const result = await authCalls.confirmSignUp(props.email, code);
            if (result.step === 'done') props.onDone();
          } catch (caught) {
            if (alreadyConfirmed(caught)) props.onAlreadyConfirmed();
            else setError(errorText(caught));
          } finally {
            setBusy(null);
          }
        }}
      >
        <Stack gap="sm">
          <CodeInput value={code} onChange={setCode} autoFocus description={t('auth.codeHint')} />
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              size="sm"
              disabled={busy !== null}
              onClick={async () => {
                setBusy('resend');
                setError(null);
                try {
                  await authCalls.resendCode(props.email);
                  setNotice(t('auth.confirmSignUp.resent'));
                } catch (caught) {
                  // Spec: 'User is already confirmed.' ends the flow as a success.
                  if (alreadyConfirmed(caught)) props.onAlreadyConfirmed();
                  else setError(errorText(caught));
                } finally {
                  setBusy(null);
                }
              }}
            >
              {t('auth.resendCode')}
            </Anchor>
            <Button type="submit" loading={busy === 'confirm'} disabled={code.length !== VERIFICATION_CODE_LENGTH}>
              {t('auth.confirm')}
            </Button>
          </Group>
          <Anchor component="button" type="button" size="sm" onClick={props.onBack}>
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

// 'Confirm Sign Up': the emailed code and 'Resend Code'. The server answers alike whether or not an
// address has an account waiting for confirmation (no enumeration): Resend always succeeds, and a
// code for an unknown or already confirmed account is an INVALID_CODE like any wrong code.
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_CODE_LENGTH } from '@ipsv/contracts/auth';
import { useConfirmSignUp } from '../api/confirm-sign-up';
import { useResendCode } from '../api/resend-code';
import { AuthCard, CodeInput } from './form-parts';

type Notice = 'resent' | 'resentIfNeeded';

export function ConfirmSignUpScreen(props: { email: string; resent?: boolean; onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmSignUp();
  const resend = useResendCode();
  const [code, setCode] = useState('');
  // Sign-in found the account unconfirmed and sent a code; Resend cannot know whether one was needed.
  const [notice, setNotice] = useState<Notice | null>(props.resent ? 'resent' : null);
  const error = confirm.error ?? resend.error;

  return (
    <AuthCard title={t('auth.confirmSignUp.title')} error={error}>
      <Text size="sm">{t('auth.confirmSignUp.sentTo', { email: props.email })}</Text>
      {notice && (
        <Alert color="teal" variant="light" role="status">
          {t(`auth.confirmSignUp.${notice}`)}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          resend.reset();
          confirm.mutate(
            { email: props.email, code },
            {
              onSuccess: (result) => {
                if (result.step === 'done') props.onDone();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <CodeInput value={code} onChange={setCode} autoFocus description={t('auth.codeHint')} />
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              size="sm"
              disabled={confirm.isPending || resend.isPending}
              onClick={() => {
                confirm.reset();
                resend.mutate(props.email, { onSuccess: () => setNotice('resentIfNeeded') });
              }}
            >
              {t('auth.resendCode')}
            </Anchor>
            <Button type="submit" loading={confirm.isPending} disabled={code.length !== VERIFICATION_CODE_LENGTH}>
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

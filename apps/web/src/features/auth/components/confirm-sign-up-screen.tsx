// 'Confirm Sign Up': the emailed code, 'Resend Code', and 'User is already confirmed.' as success.
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALREADY_CONFIRMED_MESSAGE, VERIFICATION_CODE_LENGTH } from '@ipsv/contracts/auth';
import { ApiError } from '../../../lib/api-client';
import { useConfirmSignUp } from '../api/confirm-sign-up';
import { useResendCode } from '../api/resend-code';
import { AuthCard, CodeInput } from './form-parts';

const alreadyConfirmed = (caught: unknown) => caught instanceof ApiError && caught.message === ALREADY_CONFIRMED_MESSAGE;

export function ConfirmSignUpScreen(props: {
  email: string;
  resent?: boolean;
  onDone: () => void;
  onAlreadyConfirmed: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmSignUp();
  const resend = useResendCode();
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(props.resent ? t('auth.confirmSignUp.resent') : null);
  // Spec: 'User is already confirmed.' ends the flow as a success, so it is never shown as an error.
  const onError = (caught: unknown) => {
    if (alreadyConfirmed(caught)) props.onAlreadyConfirmed();
  };
  const error = [confirm.error, resend.error].find((caught) => caught && !alreadyConfirmed(caught));

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
        onSubmit={(event) => {
          event.preventDefault();
          resend.reset();
          confirm.mutate(
            { email: props.email, code },
            {
              onSuccess: (result) => {
                if (result.step === 'done') props.onDone();
              },
              onError,
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
                resend.mutate(props.email, { onSuccess: () => setNotice(t('auth.confirmSignUp.resent')), onError });
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

// 'Verify Contact' after sign-in when the email is not verified: skippable, because only account
// recovery depends on it (spec section 4).
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_CODE_LENGTH } from '@ipsv/contracts/auth';
import { useSessionUser } from '../../../api/get-session';
import { useConfirmContact } from '../api/confirm-contact';
import { useSendContactCode } from '../api/send-contact-code';
import { AuthCard, CodeInput } from './form-parts';

export function VerifyContactScreen(props: { onCodeSent: () => void; onSkip: () => void }) {
  const { t } = useTranslation();
  const send = useSendContactCode();
  const email = useSessionUser()?.email ?? '';
  return (
    <AuthCard title={t('auth.verifyContact.title')} error={send.error}>
      <Text size="sm">{t('auth.verifyContact.hint')}</Text>
      <Radio.Group label={t('auth.verifyContact.choose')} value="email">
        <Radio value="email" label={`${t('auth.fields.email')}: ${email}`} mt="xs" />
      </Radio.Group>
      <Group justify="space-between">
        <Button variant="subtle" onClick={props.onSkip}>
          {t('auth.skip')}
        </Button>
        <Button loading={send.isPending} onClick={() => send.mutate(undefined, { onSuccess: props.onCodeSent })}>
          {t('auth.verify')}
        </Button>
      </Group>
    </AuthCard>
  );
}

export function ConfirmVerifyContactScreen(props: { onDone: () => void; onSkip: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmContact();
  const [code, setCode] = useState('');
  return (
    <AuthCard title={t('auth.verifyContact.title')} error={confirm.error}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm.mutate(code, { onSuccess: props.onDone });
        }}
      >
        <Stack gap="sm">
          <CodeInput value={code} onChange={setCode} autoFocus description={t('auth.codeHint')} />
          <Group justify="space-between">
            <Button variant="subtle" onClick={props.onSkip}>
              {t('auth.skip')}
            </Button>
            <Button type="submit" loading={confirm.isPending} disabled={code.length !== VERIFICATION_CODE_LENGTH}>
              {t('auth.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}

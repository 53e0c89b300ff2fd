// 'Verify Contact' after sign-in when the email is not verified: skippable, because only account
// recovery depends on it (spec section 4).
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_CODE_LENGTH } from '@ipsv/contracts/auth';
import { sessionQuery } from '../../../lib/session';
import { authCalls } from '../api/auth-calls';
import { AuthCard, CodeInput} from './form-parts';
import { useErrorText } from '../../../lib/use-error-text';

export function VerifyContactScreen(props: { onCodeSent: () => void; onSkip: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const session = useQuery(sessionQuery);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const email = session.data?.user?.email ?? '';
  return (
    <AuthCard title={t('auth.verifyContact.title')} error={error}>
      <Text size="sm">{t('auth.verifyContact.hint')}</Text>
      <Radio.Group label={t('auth.verifyContact.choose')} value="email">
        <Radio value="email" label={`${t('auth.fields.email')}: ${email}`} mt="xs" />
      </Radio.Group>
      <Group justify="space-between">
        <Button variant="subtle" onClick={props.onSkip}>
          {t('auth.skip')}
        </Button>
        <Button
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await authCalls.sendContactCode();
              props.onCodeSent();
            } catch (caught) {
              setError(errorText(caught));
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('auth.verify')}
        </Button>
      </Group>
    </AuthCard>
  );
}

export function ConfirmVerifyContactScreen(props: { onDone: () => void; onSkip: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <AuthCard title={t('auth.verifyContact.title')} error={error}>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          try {
            await authCalls.confirmContact(code);
            props.onDone();
          } catch (caught) {
            setError(errorText(caught));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack gap="sm">
          <CodeInput value={code} onChange={setCode} autoFocus description={t('auth.codeHint')} />
          <Group justify="space-between">
            <Button variant="subtle" onClick={props.onSkip}>
              {t('auth.skip')}
            </Button>
            <Button type="submit" loading={busy} disabled={code.length !== VERIFICATION_CODE_LENGTH}>
              {t('auth.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}

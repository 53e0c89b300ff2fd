// Two-factor with an authenticator app (TOTP): set up with a QR code (228 px, error correction M,
// spec section 9) and the secret with a copy button, confirmed by a first code; or turned off.
import { Alert, Button, Card, CopyButton, Group, Image, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOTP_QR_ERROR_CORRECTION, TOTP_QR_SIZE } from '@ipsv/contracts/auth';
import { sessionQuery } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import { accountCalls } from '../api/account-calls';

type Setup = { secret: string; qr: string; backupCodes: string[] };

export function AuthenticatorSetup({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [justEnabled, setJustEnabled] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('security.twoFactor.title')}
        </Title>
        <Text size="sm">{enabled ? t('security.twoFactor.on') : t('security.twoFactor.off')}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {justEnabled && setup && (
          <Alert color="teal" variant="light" role="status" title={t('security.twoFactor.enabled')}>
            <Text size="sm">{t('security.twoFactor.backupCodesHint')}</Text>
            <SimpleGrid cols={2} mt="xs" data-testid="backup-codes">
              {setup.backupCodes.map((backup) => (
                <Text key={backup} ff="monospace" size="sm">
                  {backup}
                </Text>
              ))}
            </SimpleGrid>
          </Alert>
        )}
        {!enabled && !setup && (
          <Group align="flex-end">
            <PasswordInput label={t('security.currentPassword')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
            <Button
              loading={busy}
              disabled={password.length === 0}
              onClick={() =>
                run(async () => {
                  const started = await accountCalls.startTotp(password);
                  const qr = await QRCode.toDataURL(started.totpUri, { width: TOTP_QR_SIZE, errorCorrectionLevel: TOTP_QR_ERROR_CORRECTION, margin: 1 });
                  setSetup({ secret: started.secret, qr, backupCodes: started.backupCodes });
                  setPassword('');
                })
              }
            >
              {t('security.twoFactor.setUp')}
            </Button>
          </Group>
        )}
        {!enabled && setup && (
          <Stack gap="sm">
            <Text size="sm">{t('security.twoFactor.scan')}</Text>
            <Image src={setup.qr} alt={t('security.twoFactor.qrAlt')} w={TOTP_QR_SIZE} h={TOTP_QR_SIZE} fit="contain" />
            <Group gap="xs">
              <Text size="sm">{t('security.twoFactor.secret')}</Text>
              <Text ff="monospace" size="sm" data-testid="totp-secret">
                {setup.secret}
              </Text>
              <CopyButton value={setup.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? t('security.twoFactor.copied') : t('security.twoFactor.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group align="flex-end">
              <TextInput
                label={t('auth.fields.confirmationCode')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
              />
              <Button
                loading={busy}
                disabled={code.length !== 6}
                onClick={() =>
                  run(async () => {
                    await accountCalls.confirmTotp(code);
                    setJustEnabled(true);
                    setCode('');
                    await refresh();
                  })
                }
              >
                {t('auth.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
        {enabled && (
          <Group align="flex-end">
            <PasswordInput label={t('security.currentPassword')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
            <Button
              color="red"
              loading={busy}
              disabled={password.length === 0}
              onClick={() =>
                run(async () => {
                  await accountCalls.disableTotp(password);
                  setPassword('');
                  setSetup(null);
                  setJustEnabled(false);
                  await refresh();
                })
              }
            >
              {t('security.twoFactor.turnOff')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

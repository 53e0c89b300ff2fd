// Two-factor with an authenticator app (TOTP): set up with a QR code (228 px, error correction M,
// spec section 9) and the secret with a copy button, confirmed by a first code; or turned off.
import { Alert, Button, Card, CopyButton, Group, Image, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOTP_QR_ERROR_CORRECTION, TOTP_QR_SIZE } from '@ipsv/contracts/auth';
import { ErrorAlert } from '../../../components/error-alert';
import { useConfirmTotp } from '../api/confirm-totp';
import { useDisableTotp } from '../api/disable-totp';
import { useStartTotp, type TotpSetup } from '../api/start-totp';

type Setup = { secret: string; qr: string; backupCodes: string[] };

export function AuthenticatorSetup({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [justEnabled, setJustEnabled] = useState(false);

  const onStarted = async (started: TotpSetup) => {
    const qr = await QRCode.toDataURL(started.totpUri, { width: TOTP_QR_SIZE, errorCorrectionLevel: TOTP_QR_ERROR_CORRECTION, margin: 1 });
    setSetup({ secret: started.secret, qr, backupCodes: started.backupCodes });
    setPassword('');
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('security.twoFactor.title')}
        </Title>
        <Text size="sm">{enabled ? t('security.twoFactor.on') : t('security.twoFactor.off')}</Text>
        <ErrorAlert error={start.error ?? confirm.error ?? disable.error} />
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
            <PasswordInput
              label={t('security.currentPassword')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button loading={start.isPending} disabled={password.length === 0} onClick={() => start.mutate(password, { onSuccess: onStarted })}>
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
                loading={confirm.isPending}
                disabled={code.length !== 6}
                onClick={() =>
                  confirm.mutate(code, {
                    onSuccess: () => {
                      setJustEnabled(true);
                      setCode('');
                    },
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
            <PasswordInput
              label={t('security.currentPassword')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button
              color="red"
              loading={disable.isPending}
              disabled={password.length === 0}
              onClick={() =>
                disable.mutate(password, {
                  onSuccess: () => {
                    setPassword('');
                    setSetup(null);
                    setJustEnabled(false);
                    start.reset();
                    confirm.reset();
                  },
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

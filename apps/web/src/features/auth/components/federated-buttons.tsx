// Federated sign-in buttons: only the providers the server reports as configured.
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FederatedProvider } from '@ipsv/contracts/auth';

export function FederatedButtons(props: {
  providers: { id: FederatedProvider; name: string }[];
  /** The provider whose sign-in is starting (the browser is about to leave for it). */
  pending: FederatedProvider | undefined;
  onChoose: (provider: FederatedProvider) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {props.providers.map((provider) => (
        <Button key={provider.id} variant="default" loading={props.pending === provider.id} onClick={() => props.onChoose(provider.id)}>
          {t('auth.federated', { provider: provider.name })}
        </Button>
      ))}
    </Stack>
  );
}

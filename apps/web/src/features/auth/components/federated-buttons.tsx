// Federated sign-in buttons: only the providers the server reports as configured.
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FederatedProvider } from '@ipsv/contracts/auth';
import { authCalls } from '../api/auth-calls';

export function FederatedButtons(props: { providers: { id: FederatedProvider; name: string }[]; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<FederatedProvider | null>(null);
  return (
    <Stack gap="xs">
      {props.providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          loading={pending === provider.id}
          onClick={async () => {
            setPending(provider.id);
            try {
              window.location.assign(await authCalls.federated(provider.id));
            } catch (error) {
              setPending(null);
              props.onError(error);
            }
          }}
        >
          {t('auth.federated', { provider: provider.name })}
        </Button>
      ))}
    </Stack>
  );
}

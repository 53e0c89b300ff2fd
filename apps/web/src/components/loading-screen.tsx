// The spec's full-screen loading overlay: 'Signing In...' while signing in, 'Loading...' otherwise.
import { Loader, Overlay, Stack, Text } from '@mantine/core';

export function LoadingScreen({ label }: { label: string }) {
  return (
    <Overlay fixed backgroundOpacity={0.6} color="#fff" blur={2} zIndex={400} center data-testid="loading-screen">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="lg" />
        <Text fw={500}>{label}</Text>
      </Stack>
    </Overlay>
  );
}

// A failed call in words (through useErrorText), as an alert; nothing when there is no error.
import { Alert, type AlertProps } from '@mantine/core';
import { useErrorText, type FeatureMessages } from '../lib/use-error-text';

export function ErrorAlert({
  error,
  messages,
  ...props
}: { error: unknown; messages?: FeatureMessages } & Omit<AlertProps, 'children' | 'color' | 'role'>) {
  const errorText = useErrorText(messages);
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" variant="light" role="alert" {...props}>
      {errorText(error)}
    </Alert>
  );
}

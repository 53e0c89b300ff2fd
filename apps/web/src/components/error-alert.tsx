// A failed call in words (through useErrorText), as an alert; nothing when there is no error.
import { Alert, type AlertProps } from '@mantine/core';
import { useErrorText, type ErrorContext } from '../lib/use-error-text';

export function ErrorAlert({ error, context, ...props }: { error: unknown; context?: ErrorContext } & Omit<AlertProps, 'children' | 'color' | 'role'>) {
  const errorText = useErrorText(context);
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" variant="light" role="alert" {...props}>
      {errorText(error)}
    </Alert>
  );
}

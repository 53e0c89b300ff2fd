// POST /api/auth/totp/setup: with the current password, a new authenticator secret, its otpauth
// address and backup codes; two-factor is on only once a first code is confirmed.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type TotpSetup = { totpUri: string; secret: string; backupCodes: string[] };

export const startTotp = (password: string) => apiRequest<TotpSetup>('/api/auth/totp/setup', { method: 'POST', body: { password } });

export const useStartTotp = () => useMutation({ mutationFn: startTotp });

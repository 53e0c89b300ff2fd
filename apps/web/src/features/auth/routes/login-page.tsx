// /login: every screen of the auth state machine (spec section 4) on one route. 'Sign in' and
// 'Create Account' are tabs; the other screens replace them while their step is under way.
import { Box, Center, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { ConfirmSignInScreen, ForceNewPasswordScreen } from '../components/challenge-screens';
import { ConfirmSignUpScreen } from '../components/confirm-sign-up-screen';
import { ConfirmResetPasswordScreen, ForgotPasswordScreen } from '../components/reset-password-screens';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { ConfirmVerifyContactScreen, VerifyContactScreen } from '../components/verify-contact-screens';
import type { SignInStep } from '@ipsv/contracts/auth';

export type AuthScreen =
  | { name: 'signIn' | 'signUp' }
  | { name: 'confirmSignUp'; email: string; notice?: 'resent' }
  | { name: 'confirmSignIn' }
  | { name: 'forceNewPassword'; challenge: string }
  | { name: 'forgotPassword' }
  | { name: 'confirmResetPassword'; email: string }
  | { name: 'verifyContact' }
  | { name: 'confirmVerifyContact' };

/** Spec: a completed sign-in fetches the user and opens the index with a full reload. */
export function completeSignIn(): void {
  window.location.assign('/');
}

export function LoginPage() {
  const { t } = useTranslation();
  const [screen, setScreen] = useState<AuthScreen>({ name: 'signIn' });
  const backToSignIn = () => setScreen({ name: 'signIn' });

  /** Moves on after a sign-in step answered by the server. */
  const onStep = (step: SignInStep, context: { email?: string; challenge?: string } = {}) => {
    if (step === 'done') completeSignIn();
    else if (step === 'confirmSignUp') setScreen({ name: 'confirmSignUp', email: context.email ?? '', notice: 'resent' });
    else if (step === 'confirmSignIn') setScreen({ name: 'confirmSignIn' });
    else if (step === 'forceNewPassword') setScreen({ name: 'forceNewPassword', challenge: context.challenge ?? '' });
    else setScreen({ name: 'verifyContact' });
  };

  let content;
  switch (screen.name) {
    case 'signIn':
    case 'signUp':
      content = (
        <Box w="100%" maw={440}>
          <Tabs keepMounted={false} value={screen.name} onChange={(value) => setScreen({ name: value === 'signUp' ? 'signUp' : 'signIn' })}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="signIn">{t('auth.tabs.signIn')}</Tabs.Tab>
              <Tabs.Tab value="signUp">{t('auth.tabs.createAccount')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="signIn">
              <SignInForm onStep={onStep} onForgotPassword={() => setScreen({ name: 'forgotPassword' })} />
            </Tabs.Panel>
            <Tabs.Panel value="signUp">
              <SignUpForm onCodeSent={(email) => setScreen({ name: 'confirmSignUp', email })} />
            </Tabs.Panel>
          </Tabs>
        </Box>
      );
      break;
    case 'confirmSignUp':
      content = <ConfirmSignUpScreen email={screen.email} resent={screen.notice === 'resent'} onDone={completeSignIn} onBack={backToSignIn} />;
      break;
    case 'confirmSignIn':
      content = <ConfirmSignInScreen onStep={onStep} onBack={backToSignIn} />;
      break;
    case 'forceNewPassword':
      content = <ForceNewPasswordScreen challenge={screen.challenge} onStep={onStep} onBack={backToSignIn} />;
      break;
    case 'forgotPassword':
      content = <ForgotPasswordScreen onCodeSent={(email) => setScreen({ name: 'confirmResetPassword', email })} onBack={backToSignIn} />;
      break;
    case 'confirmResetPassword':
      content = <ConfirmResetPasswordScreen email={screen.email} onDone={backToSignIn} onBack={backToSignIn} />;
      break;
    case 'verifyContact':
      content = <VerifyContactScreen onCodeSent={() => setScreen({ name: 'confirmVerifyContact' })} onSkip={completeSignIn} />;
      break;
    case 'confirmVerifyContact':
      content = <ConfirmVerifyContactScreen onDone={completeSignIn} onSkip={completeSignIn} />;
      break;
  }

  return (
    <Page title={t('pages.login.title')} hideHeading>
      <Center py="xl">
        <Stack align="center" w="100%">
          {content}
        </Stack>
      </Center>
    </Page>
  );
}

import type { Tree } from './locales.js';

/** English texts of this area, loaded when the language is chosen. */
export const en: Tree = {
  forgot: {
    title: 'Reset your password',
    emailHint: "Enter your account's e-mail and we will send you a verification code.",
    email: 'E-mail',
    send: 'Send code',
    emailSent: 'We sent a verification code to your e-mail.',
    emailNotFound: 'E-mail not found.',
    codeHint: 'Enter the 6-digit code sent to {{email}} and your new password.',
    code: 'Verification code',
    newPassword: 'New password',
    confirm: 'Confirm password',
    mismatch: 'The passwords do not match',
    submit: 'Reset password',
    success: 'Password updated. You can sign in now.',
    resend: 'Send the code again',
    otherEmail: 'Use another e-mail',
    noAccount: 'No account yet?',
    signup: 'Sign up',
    backToLogin: 'Back to sign in',
  },
};

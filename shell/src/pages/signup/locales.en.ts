import type { Tree } from './locales.js';

/** English texts of this area, loaded when the language is chosen. */
export const en: Tree = {
  signup: {
    title: "Create your company's account",
    name: 'Company name',
    email: 'E-mail',
    phone: 'Phone (WhatsApp)',
    phoneHint: 'Digits only, up to 11.',
    password: 'Password',
    plan: 'Plan',
    planRequired: 'Choose a plan',
    plansError: 'The plans could not be loaded.',
    noPlans: 'No plans are available right now.',
    submit: 'Sign up',
    success: 'Account created! You can sign in now.',
    haveAccount: 'Already have an account?',
    login: 'Sign in',
  },
};

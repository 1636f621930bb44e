import antdLocale from 'antd/locale/en_US';
import type { Tree } from './locales.js';
import { en as tickets } from '../pages/tickets/locales.en.js';
import { en as ticketView } from '../pages/tickets/view/locales.en.js';
import { en as messages } from '../pages/tickets/messages/locales.en.js';
import { en as connections } from '../pages/connections/locales.en.js';
import { en as queues } from '../pages/queues/locales.en.js';
import { en as contacts } from '../pages/contacts/locales.en.js';
import { en as tags } from '../pages/tags/locales.en.js';
import { en as quickMessages } from '../pages/quick-messages/locales.en.js';
import { en as users } from '../pages/users/locales.en.js';
import { en as settings } from '../pages/settings/locales.en.js';
import { en as sandbox } from '../pages/sandbox/locales.en.js';
import { en as apiPage } from '../pages/api/locales.en.js';
import { en as signup } from '../pages/signup/locales.en.js';
import { en as forgot } from '../pages/forgot/locales.en.js';

/** The shell's English texts, loaded when the language is chosen (see languages.ts). */
const en: Tree = {
  common: {
    ok: 'OK',
    loading: 'Loading…',
    save: 'Save',
    cancel: 'Cancel',
    retry: 'Retry',
    language: 'Language',
    required: 'Required',
    add: 'Add',
    edit: 'Edit',
    delete: 'Delete',
    yes: 'Yes',
    no: 'No',
    search: 'Search…',
    noResults: 'No results for this search.',
    loadMore: 'Load more',
    actions: 'Actions',
    enabled: 'Enabled',
    disabled: 'Disabled',
    active: 'Active',
    inactive: 'Inactive',
    total: '{{n}} records',
  },
  languages: { es: 'Español', pt: 'Português', en: 'English' },
  login: {
    title: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    remember: 'Remember me',
    forgot: 'Forgot your password?',
    submit: 'Sign in',
    invalidEmail: 'Invalid e-mail',
    success: 'Signed in',
    noAccount: 'No account yet?',
    signup: 'Sign up',
  },
  validation: {
    required: 'Required',
    too_short: 'Too short',
    too_long: 'Too long',
    invalid_email: 'Invalid e-mail',
    password_too_short: 'The password must have at least 8 characters',
    password_too_long: 'The password is too long',
    password_needs_digit: 'The password must include a digit',
    password_needs_lowercase: 'The password must include a lowercase letter',
    password_needs_uppercase: 'The password must include an uppercase letter',
    phone_too_short: 'The phone must have at least 8 digits',
    phone_too_long: 'The phone has too many digits',
    invalid_code: 'The code must have 6 digits',
    invalid_time: 'Use the HH:MM format (00:00 to 23:59)',
    invalid_date: 'Invalid date',
    seven_days: 'Give all seven days of the week',
    each_day_once: 'Each day must appear only once',
    invalid_value: 'Value not allowed',
    unknown_setting: 'Unknown setting',
    min_zero: 'Must be 0 or more',
    platform_plan: 'The platform plan is never offered to companies',
    passwordPolicy: 'At least 8 characters, with a digit, a lowercase and an uppercase letter.',
  },
  layout: {
    greeting: 'Hello {{name}}, welcome to {{company}}',
    greetingShort: 'Hello {{name}}',
    dueDate: 'Your subscription is due on {{date}}',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    themeLight: 'Light theme',
    themeDark: 'Dark theme',
    profile: 'Profile',
    profileTitle: 'My profile',
    newPassword: 'New password',
    profileSaved: 'Profile saved.',
    passwordChanged: 'Password changed. Sign in with the new one.',
    logout: 'Sign out',
    version: 'Version {{version}}',
    accessedElsewhere: 'Your account was accessed from another device.',
    sessionExpired: 'Your session expired. Please sign in again.',
    sessionEnded: 'Your session was ended. Please sign in again.',
  },
  subscription: {
    expiredTitle: 'Subscription expired',
    expired: 'Your subscription has expired. Only the billing section is available to make the payment.',
    expiredOn: 'Your subscription expired on {{date}}. Only the invoices are available.',
    dueToday: 'Your subscription is due today ({{date}}).',
    dueTomorrow: 'Your subscription is due tomorrow ({{date}}).',
    dueIn: 'Your subscription is due in {{n}} days ({{date}}).',
  },
  menu: { settings: 'Settings', users: 'Users', sandbox: 'Simulator', api: 'API', tickets: 'Tickets', connections: 'Connections', contacts: 'Contacts', queues: 'Queues', tags: 'Tags', quickMessages: 'Quick messages' },
  forbidden: { title: 'You do not have permission to see this page.' },
  profiles: { admin: 'Administrator', user: 'User', supervisor: 'Supervisor', super: 'Super user' },
  weekdays: {
    monday: 'Monday',
    tuesday: 'Tuesday',
    wednesday: 'Wednesday',
    thursday: 'Thursday',
    friday: 'Friday',
    saturday: 'Saturday',
    sunday: 'Sunday',
  },
  plugins: {
    loadFailed: 'The “{{id}}” module could not be loaded.',
    loadFailedHint: 'The rest of the application keeps working. Try again in a moment.',
    incompatible: 'The “{{id}}” module was built with SDK {{built}} and this Atende runs SDK {{running}}: it cannot be opened.',
    incompatibleHint: 'Ask the module’s vendor for a compatible version, or update Atende.',
    refused: 'The module “{{id}}” was not loaded: it needs versions this application does not have.',
    refusedNeeds: '{{pkg}}: needs {{needs}}, the application has {{has}}',
    refusedNone: 'none',
    notInPlan: "This page is not included in your company's plan.",
    notInPlanAdmin: 'As an administrator, you can change the plan in the billing section.',
    notInPlanUser: 'Ask an administrator of your company to change the plan.',
  },
  notFound: { title: 'Page not found', back: 'Back to start' },
  home: { welcome: 'Welcome to Atende', empty: 'There are no modules available for your profile yet.' },
};

export const texts: Tree = Object.assign({}, en, tickets, ticketView, messages, connections, queues, contacts, tags, quickMessages, users, settings, sandbox, apiPage, signup, forgot);
export { antdLocale };

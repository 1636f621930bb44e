/** Texts of this area, merged into the shell's 'core' namespace (signup). Spanish is the default and fallback. */
const es = {
  signup: {
    title: 'Cree la cuenta de su empresa',
    name: 'Nombre de la empresa',
    email: 'Correo electrónico',
    phone: 'Teléfono (WhatsApp)',
    phoneHint: 'Solo números, hasta 11 dígitos.',
    password: 'Contraseña',
    plan: 'Plan',
    planRequired: 'Seleccione un plan',
    plansError: 'No se pudieron cargar los planes.',
    noPlans: 'No hay planes disponibles por el momento.',
    submit: 'Registrarse',
    success: '¡Cuenta creada! Ya puede iniciar sesión.',
    haveAccount: '¿Ya tiene una cuenta?',
    login: 'Inicie sesión',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
type Tree = Texts<typeof es>;

const pt: Tree = {
  signup: {
    title: 'Crie a conta da sua empresa',
    name: 'Nome da empresa',
    email: 'E-mail',
    phone: 'Telefone (WhatsApp)',
    phoneHint: 'Somente números, até 11 dígitos.',
    password: 'Senha',
    plan: 'Plano',
    planRequired: 'Selecione um plano',
    plansError: 'Não foi possível carregar os planos.',
    noPlans: 'Não há planos disponíveis no momento.',
    submit: 'Cadastrar',
    success: 'Conta criada! Você já pode entrar.',
    haveAccount: 'Já tem uma conta?',
    login: 'Entre',
  },
};

const en: Tree = {
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

export const signupLocales = { es, pt, en };

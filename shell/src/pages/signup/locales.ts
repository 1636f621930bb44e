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
export type Tree = Texts<typeof es>;

export const signupLocales = { es };

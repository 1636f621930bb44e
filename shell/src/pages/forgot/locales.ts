/** Texts of this area, merged into the shell's 'core' namespace (forgot). Spanish is the default and fallback. */
const es = {
  forgot: {
    title: 'Recuperar contraseña',
    emailHint: 'Ingrese el correo de su cuenta y le enviaremos un código de verificación.',
    email: 'Correo electrónico',
    send: 'Enviar código',
    emailSent: 'Le enviamos un código de verificación a su correo.',
    emailNotFound: 'Correo electrónico no encontrado.',
    codeHint: 'Ingrese el código de 6 dígitos enviado a {{email}} y su nueva contraseña.',
    code: 'Código de verificación',
    newPassword: 'Nueva contraseña',
    confirm: 'Confirmar contraseña',
    mismatch: 'Las contraseñas no coinciden',
    submit: 'Restablecer contraseña',
    success: 'Contraseña actualizada. Ya puede iniciar sesión.',
    resend: 'Reenviar código',
    otherEmail: 'Usar otro correo',
    noAccount: '¿No tiene una cuenta?',
    signup: 'Regístrese',
    backToLogin: 'Volver a iniciar sesión',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type Tree = Texts<typeof es>;

export const forgotLocales = { es };

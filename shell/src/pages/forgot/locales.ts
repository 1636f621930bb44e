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
type Tree = Texts<typeof es>;

const pt: Tree = {
  forgot: {
    title: 'Recuperar senha',
    emailHint: 'Informe o e-mail da sua conta e enviaremos um código de verificação.',
    email: 'E-mail',
    send: 'Enviar código',
    emailSent: 'Enviamos um código de verificação para o seu e-mail.',
    emailNotFound: 'E-mail não encontrado.',
    codeHint: 'Informe o código de 6 dígitos enviado para {{email}} e a sua nova senha.',
    code: 'Código de verificação',
    newPassword: 'Nova senha',
    confirm: 'Confirmar senha',
    mismatch: 'As senhas não coincidem',
    submit: 'Redefinir senha',
    success: 'Senha atualizada. Você já pode entrar.',
    resend: 'Reenviar código',
    otherEmail: 'Usar outro e-mail',
    noAccount: 'Não tem uma conta?',
    signup: 'Cadastre-se',
    backToLogin: 'Voltar para o login',
  },
};

const en: Tree = {
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

export const forgotLocales = { es, pt, en };

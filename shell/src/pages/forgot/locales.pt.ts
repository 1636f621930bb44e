import type { Tree } from './locales.js';

/** Portuguese texts of this area, loaded when the language is chosen. */
export const pt: Tree = {
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

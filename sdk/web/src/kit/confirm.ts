import { App } from 'antd';
import { useT } from '../i18n.js';

/** Texts and danger flag of a `useConfirm()` dialog. */
export interface ConfirmOptions {
  title: string;
  content?: string;
  /** A red "Delete" button instead of "OK". */
  danger?: boolean;
  /** The confirming button's label when "OK"/"Delete" does not say what happens ("Send now", "Stop"). */
  okText?: string;
}

/**
 * A confirmation dialog as a promise: `if (await confirm({ title, danger: true })) …`. Uses the
 * shell's App context, so it follows the theme and language like every dialog of the shell.
 */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const { modal } = App.useApp();
  const { t } = useT();
  return (options) =>
    new Promise((resolve) => {
      modal.confirm({
        title: options.title,
        content: options.content,
        okText: options.okText ?? (options.danger ? t('common.delete') : t('common.ok')),
        cancelText: t('common.cancel'),
        okButtonProps: { danger: options.danger, 'data-testid': 'confirm-ok' } as never,
        cancelButtonProps: { 'data-testid': 'confirm-cancel' } as never,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}

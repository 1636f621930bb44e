/**
 * A failure an editor's `finish` reports: `message` is a text key of the editor's namespace, `detail`
 * (what the server or browser said) is shown after it.
 */
export class EditorFailure extends Error {
  constructor(
    key: string,
    readonly detail = '',
  ) {
    super(key);
  }
}

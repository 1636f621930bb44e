import { renderMessageText } from '@atende/sdk-web';

// The formatting lives in the SDK's kit (plugins render previews with it too); re-exported for the shell.
export { renderMessageText, safeHref } from '@atende/sdk-web';

/** A message's text, formatted; keeps white space as typed. */
export function MessageBody({ text }: { text: string }) {
  return (
    <span data-testid="message-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {renderMessageText(text)}
    </span>
  );
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useT } from '@atende/sdk-web';

interface Props {
  pluginId: string;
  children: ReactNode;
}
interface State {
  error: Error | null;
  attempt: number;
}

function Failure({ pluginId, onRetry }: { pluginId: string; onRetry: () => void }) {
  const { t } = useT();
  return (
    <Result
      status="warning"
      title={t('plugins.loadFailed', { id: pluginId })}
      subTitle={t('plugins.loadFailedHint')}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
      data-testid="remote-error"
    />
  );
}

/** Keeps a failing plugin (remote that will not load or throws while rendering) from taking the shell down. */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Plugin ${this.props.pluginId} failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <Failure pluginId={this.props.pluginId} onRetry={() => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))} />
      );
    }
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}

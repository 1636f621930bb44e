import { Component, Suspense, lazy, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { SDK_WEB_VERSION, useT } from '@atende/sdk-web';
import { IncompatibleRemoteError } from './incompatible-remote.js';

type FailureProps = { pluginId: string; onRetry: () => void; error?: Error | null };

/** The failure notice without antd's Result, for when RemoteFailure's own chunk cannot load (the network that failed the plugin). */
function PlainFailure({ pluginId, onRetry, error }: FailureProps) {
  const { t } = useT();
  const incompatible = error instanceof IncompatibleRemoteError;
  return (
    <div role="alert" data-testid={incompatible ? 'remote-incompatible' : 'remote-error'} style={{ padding: 24, textAlign: 'center' }}>
      <p>{incompatible ? t('plugins.incompatible', { id: pluginId, built: error.builtWith, running: SDK_WEB_VERSION }) : t('plugins.loadFailed', { id: pluginId })}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}

// antd's Result (with its illustrations, ~8 kB gzip) loads only when a plugin fails; if that chunk
// fails too, the plain notice shows instead of the error escaping to the shell's own boundary.
const RemoteFailure = lazy(() =>
  import('./RemoteFailure.js').then(
    (m) => ({ default: m.RemoteFailure }),
    () => ({ default: PlainFailure }),
  ),
);

interface Props {
  pluginId: string;
  children: ReactNode;
  /** Called before a retry renders the children again (to drop what failed, e.g. a cached lazy page). */
  onRetry?: () => void;
}
interface State {
  error: Error | null;
  attempt: number;
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
        <Suspense fallback={null}>
          <RemoteFailure pluginId={this.props.pluginId} error={this.state.error} onRetry={() => {
              this.props.onRetry?.();
              this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
            }} />
        </Suspense>
      );
    }
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}

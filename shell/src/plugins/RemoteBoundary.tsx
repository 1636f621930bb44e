import { Component, Suspense, lazy, type ErrorInfo, type ReactNode } from 'react';

// antd's Result (with its illustrations, ~8 kB gzip) loads only when a plugin fails.
const RemoteFailure = lazy(() => import('./RemoteFailure.js').then((m) => ({ default: m.RemoteFailure })));

interface Props {
  pluginId: string;
  children: ReactNode;
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
          <RemoteFailure pluginId={this.props.pluginId} onRetry={() => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))} />
        </Suspense>
      );
    }
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { GenericError } from './generic-error';

export type ErrorBoundaryProps = {
  children: ReactNode;
  /** When this value changes (e.g. the path), a failed view gets another chance. */
  resetKey?: unknown;
};

type ErrorBoundaryState = { failed: boolean; resetKey: unknown };

/** Any unexpected failure below shows the generic message and a way back, never a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // For the developer console only; the person sees the generic message.
    console.error('Unexpected failure in the view', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <GenericError onRetry={() => this.setState({ failed: false })} />;
  }
}

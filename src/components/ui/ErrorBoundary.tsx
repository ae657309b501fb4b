/**
 * The error boundary of every React island (SPEC §8: a render error shows 'Something went wrong'
 * followed by the error message, and logs it). One failing island never blanks the page: the
 * rest of the pre-rendered page stays as it is.
 */
import { Component, createElement, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Something went wrong', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
        <p className="font-semibold">Something went wrong</p>
        <p className="mt-1 text-sm">{error.message}</p>
      </div>
    );
  }
}

/** The island wrapped in the boundary, with the island's props and name. */
export function withErrorBoundary<P extends object>(Island: ComponentType<P>): ComponentType<P> {
  const Wrapped = (props: P) => <ErrorBoundary>{createElement(Island, props)}</ErrorBoundary>;
  Wrapped.displayName = `WithErrorBoundary(${Island.displayName ?? Island.name})`;
  return Wrapped;
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** Logs "An unexpected error occurred." and shows fallback content instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('An unexpected error occurred.', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorFallback />;
  }
}

export function ErrorFallback() {
  return (
    <section className="page page--narrow" role="alert">
      <h1>
        <FormattedMessage id="error.title" />
      </h1>
      <p>
        <FormattedMessage id="error.text" />
      </p>
      <p className="actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          <FormattedMessage id="error.reload" />
        </button>
        <a className="btn btn--outline-primary" href="/">
          <FormattedMessage id="notFound.home" />
        </a>
      </p>
    </section>
  );
}

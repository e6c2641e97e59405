import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

interface Props {
  children: ReactNode;
  /** When it changes (the shopper went to another page), the children are tried again. */
  resetKey?: string;
}

/** Logs "An unexpected error occurred." and shows fallback content instead of a blank page. */
export class ErrorBoundary extends Component<Props, { failed: boolean; resetKey?: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; resetKey?: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('An unexpected error occurred.', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorFallback />;
  }
}

function ErrorFallback() {
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

import { Component, type ReactNode } from 'react';

interface Props {
  /** The screen shown; a new one clears a failure. */
  screen: unknown;
  /** Downloads the screen's code again; the boundary then renders it once more. */
  retry: () => Promise<unknown>;
  children: ReactNode;
}

/**
 * In place of a screen whose code could not be downloaded (a phone gone offline between screens): says so and offers
 * to try again, rather than the error unmounting the whole app.
 */
export class ScreenBoundary extends Component<Props, { failed: boolean; screen: unknown; retrying: boolean }> {
  override state = { failed: false, screen: this.props.screen, retrying: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { screen: unknown }) {
    return props.screen === state.screen ? null : { failed: false, screen: props.screen, retrying: false };
  }

  private retry = () => {
    this.setState({ retrying: true });
    void this.props.retry().then(
      () => this.setState({ failed: false, retrying: false }),
      () => this.setState({ retrying: false }),
    );
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="card card--narrow" role="alert" aria-labelledby="load-failed-title">
        <h1 id="load-failed-title" className="card__title">
          This screen could not be loaded
        </h1>
        <p className="muted">Check your connection, then try again.</p>
        <button type="button" className="button button--primary" onClick={this.retry} disabled={this.state.retrying} aria-busy={this.state.retrying || undefined}>
          Try again
        </button>
      </section>
    );
  }
}

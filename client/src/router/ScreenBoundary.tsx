import { Component, type ReactNode } from 'react';
import { ScreenLoadError } from './lazyScreen.ts';

interface Props {
  /** The screen shown; a new one clears a failure. */
  screen: unknown;
  /** Downloads the screen's code again (rejects while it still cannot); the boundary then renders it once more. */
  retry: () => Promise<unknown>;
  children: ReactNode;
}

interface State {
  /** Why the screen is not shown: its code could not be downloaded, or it failed while rendering. */
  failure: 'download' | 'crash' | null;
  screen: unknown;
  retrying: boolean;
}

/**
 * In place of a screen whose code could not be downloaded (a phone gone offline between screens) or that failed while
 * rendering: says which and offers to try again, rather than the error unmounting the whole app.
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { failure: null, screen: this.props.screen, retrying: false };

  static getDerivedStateFromError(error: unknown): Pick<State, 'failure'> {
    return { failure: error instanceof ScreenLoadError ? 'download' : 'crash' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.screen === state.screen ? null : { failure: null, screen: props.screen, retrying: false };
  }

  override componentDidCatch(error: unknown): void {
    // The failure is on screen: a later visit to the screen may download it again.
    if (error instanceof ScreenLoadError) error.renew();
  }

  private retry = () => {
    // aria-disabled rather than disabled while a retry runs, so keyboard focus stays on the button.
    if (this.state.retrying) return;
    this.setState({ retrying: true });
    // A result that arrives after the member moved to another screen is not about the screen shown now.
    const { screen } = this.state;
    const done = (failure: State['failure']) => this.setState((state) => (state.screen === screen ? { failure, retrying: false } : null));
    void this.props.retry().then(
      () => done(null),
      () => done('download'),
    );
  };

  override render(): ReactNode {
    const { failure, retrying } = this.state;
    if (!failure) return this.props.children;
    return (
      <section className="card card--narrow" role="alert" aria-labelledby="load-failed-title">
        <h1 id="load-failed-title" className="card__title">
          {failure === 'download' ? 'This screen could not be loaded' : 'Something went wrong on this screen'}
        </h1>
        <p className="muted">{failure === 'download' ? 'Check your connection, then try again.' : 'Try again; if it happens again, go back and reopen it.'}</p>
        <button type="button" className="button button--primary" onClick={this.retry} aria-disabled={retrying || undefined} aria-busy={retrying || undefined}>
          Try again
        </button>
      </section>
    );
  }
}

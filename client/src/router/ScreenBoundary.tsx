import { Component, type ReactNode } from 'react';
import { ScreenLoadError } from './lazyScreen.ts';

interface Props {
  /** The screen shown; a new one clears a failure. */
  screen: unknown;
  /** Loads the app again (the page's reload; a test passes its own). */
  reload?: () => void;
  children: ReactNode;
}

interface State {
  /** Why the screen is not shown: its code could not be downloaded, or it failed while rendering. */
  failure: 'download' | 'crash' | null;
  screen: unknown;
}

/**
 * In place of a screen whose code could not be downloaded (only before the app is installed on the phone: the service
 * worker has every screen after that) or that failed while rendering: says which, rather than the error unmounting
 * the whole app. A download is tried again by reloading, which the service worker answers once it is installed.
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { failure: null, screen: this.props.screen };

  static getDerivedStateFromError(error: unknown): Pick<State, 'failure'> {
    return { failure: error instanceof ScreenLoadError ? 'download' : 'crash' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.screen === state.screen ? null : { failure: null, screen: props.screen };
  }

  override render(): ReactNode {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    const download = failure === 'download';
    return (
      <section className="card card--narrow" role="alert" aria-labelledby="load-failed-title">
        <h1 id="load-failed-title" className="card__title">
          {download ? 'This screen could not be loaded' : 'Something went wrong on this screen'}
        </h1>
        <p className="muted">
          {download ? 'Check your connection, then reload.' : 'Try again; if it happens again, go back and reopen it.'}
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={
            download ? (this.props.reload ?? (() => window.location.reload())) : () => this.setState({ failure: null })
          }
        >
          {download ? 'Reload' : 'Try again'}
        </button>
      </section>
    );
  }
}

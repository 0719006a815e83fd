import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` in place of a lazily loaded part whose download failed (a phone gone offline mid-workout), so one
 * missing chunk does not unmount the whole app.
 */
export class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

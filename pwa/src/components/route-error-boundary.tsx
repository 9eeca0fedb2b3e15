import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { isChunkLoadError } from '../lib/chunk-error';
import { FullPageStatus } from './full-page-status';

export const SCREEN_OFFLINE_TEXT = 'This screen needs a connection the first time it opens. Connect to the internet, then press Retry.';
export const SCREEN_FAILED_TEXT = 'Something went wrong on this screen. Press Retry, or go back to your requests.';

interface RouteErrorBoundaryProps {
  /** The location: opening another screen clears the error. */
  resetKey: string;
  /** Before the screen is mounted again (lazy screens forget a chunk that could not come). */
  beforeRetry?: () => void;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  /** Bumped by Retry: the screen is mounted afresh, so its code and data are asked for again. */
  attempt: number;
}

/**
 * Around every route: a screen that throws, or whose code cannot be fetched (opened offline
 * before the service worker kept it), shows a message with Retry instead of a blank page.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: RouteErrorBoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null) this.retry();
  }

  private retry = () => {
    this.props.beforeRetry?.();
    this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));
  };

  override render() {
    const { error, attempt } = this.state;
    if (error === null) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    const offline = isChunkLoadError(error) || (typeof navigator !== 'undefined' && !navigator.onLine);
    return (
      <FullPageStatus>
        <div className="notice notice--error" role="alert">
          <p>{offline ? SCREEN_OFFLINE_TEXT : SCREEN_FAILED_TEXT}</p>
          <div className="notice__actions">
            <button type="button" className="button button--secondary" onClick={this.retry}>
              Retry
            </button>
            {offline ? null : <Link to={paths.portal}>Back to your requests</Link>}
          </div>
        </div>
      </FullPageStatus>
    );
  }
}

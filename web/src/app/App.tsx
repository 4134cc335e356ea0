import { ConfirmProvider } from '../ui/ConfirmDialog';
import { ToastProvider } from '../ui/Toast';
import { useSession } from './auth/use-session';
import { BootScreen } from './BootScreen';
import { SeoHead } from './SeoHead';
import { useHashRoute } from './router/hash-route';
import './app.css';
import { SignedInApp } from './SignedInApp';
import { SignedOutApp } from './SignedOutApp';

export function App() {
  return (
    <ToastProvider>
      <ConfirmProvider>
        <SeoHead />
        <SessionGate />
      </ConfirmProvider>
    </ToastProvider>
  );
}

/** Nothing but a spinner until the session restore on page load has answered. */
function SessionGate() {
  const session = useSession();
  const { route, params } = useHashRoute();
  if (session.status === 'loading') return <BootScreen />;
  if (session.status === 'signed-out') return <SignedOutApp route={route} params={params} />;
  return <SignedInApp key={session.user.id} route={route} params={params} />;
}

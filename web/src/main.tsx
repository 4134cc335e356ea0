// Design-system styles first, so feature styles imported by components below can override them.
import './ui/theme.css';
import './ui/components.css';
import './ui/overlays.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { refreshSession } from './app/auth/session-store';
import { applyStoredTheme } from './app/theme';
import { initI18n } from './i18n';
import { initialLanguage } from './i18n/language';

applyStoredTheme();
initI18n(initialLanguage());
// Restore the session from the refresh cookie; the app shows a spinner until this answers.
void refreshSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { $token, initI18n } from '@atende/sdk-web';
import { CORE_ES } from './i18n/locales.js';
import { loadCoreTexts } from './i18n/languages.js';
import { restoreSessionFx } from './model/session.js';
import { App, preloadFirstScreen } from './App.js';
import './styles.css';

async function start() {
  preloadFirstScreen(!!$token.getState(), window.location.pathname);
  await initI18n({ es: CORE_ES }, loadCoreTexts);
  void restoreSessionFx();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();

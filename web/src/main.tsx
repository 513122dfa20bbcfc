import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/index.js';
import './styles.css';
import { App, preloadPage } from './App.js';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A page that fails to load here renders anyway: the lazy page then shows its own loading and error.
void Promise.all([i18nReady, preloadPage(location.pathname)]).then(render, render);

// Entry of the SPA: stylesheets, then React. StrictMode stays on: effects are written to survive
// being run twice (the configuration request is aborted and repeated, not duplicated).
import './styles/fonts.css';
import './styles/main.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

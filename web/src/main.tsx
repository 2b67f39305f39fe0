import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './ui/global.css';
import './ui/form/rhythm.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

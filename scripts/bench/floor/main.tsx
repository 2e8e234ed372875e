/** The floor page's entry: hydrates the server's markup of the hero, as src/app/main.tsx hydrates a rendered page. */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import '../../../src/app/theme.css';
import '../../../src/app/components.css';
import '../../../src/features/content/home.css';
import { FloorHero } from './hero';

const root = document.getElementById('root');
if (!root) throw new Error('the floor page has no #root element');
startTransition(() => {
  hydrateRoot(root, <FloorHero />);
});

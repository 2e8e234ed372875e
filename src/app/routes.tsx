/**
 * The routes this release builds. Every page loads lazily, so first-load
 * JavaScript stays small. Routes that later work builds (/about-us, /events,
 * /login, /news ...) are deliberately absent: they show the not-found page
 * rather than a placeholder.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout/layout';
import { NotFoundPage } from './pages/not-found-page';
import { paths } from './paths';

const HomePage = lazy(() => import('./pages/home-page'));
const BookEventMainPage = lazy(() => import('../features/events/pages/book-event-main-page'));
const EventPage = lazy(() => import('../features/events/pages/event-page'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.bookEventMain} element={<BookEventMainPage />} />
        <Route path={paths.eventPattern} element={<EventPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

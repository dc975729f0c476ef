import { createBrowserRouter, Navigate } from 'react-router'
import { AppLayout } from './layout/app-layout'
import { PageLoading } from './layout/page-loading'

// Each page is its own chunk (shell §2: pages load on demand).
const home = async () => ({ Component: (await import('./routes/home')).HomeRoute })

export const router = createBrowserRouter([
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: PageLoading,
    children: [
      { index: true, lazy: home },
      { path: 'default-page', lazy: home },
      // Shell §2: any other path goes home.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
])

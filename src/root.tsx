import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import './styles/global.css';

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a3b1e" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <header className="site-header">
        <Link to="/" className="logo">
          Orang Utan Organics
        </Link>
        <nav aria-label="Main">
          <Link to="/">Home</Link> <Link to="/products">Organic Products</Link>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="page">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>
        {notFound
          ? 'We could not find that page. It may have moved.'
          : 'Please reload the page. If it keeps happening, write to us and we will fix it.'}
      </p>
      <p>
        <Link to="/products">See our organic products</Link>
      </p>
    </main>
  );
}

import headingFont from '@fontsource/lora/files/lora-latin-700-normal.woff2?url';
import { lazy, Suspense, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { ToastProvider } from './components/toast/index.ts';
import { content } from './content/content.server.ts';
import { asksForPreview, isPreviewing, runPreviewing } from './content/preview.server.ts';
import { CartProvider } from './features/cart/cart-context.tsx';
import { leanCatalogue } from './features/cart/lean-catalogue.ts';
import { OutboxNotices } from './features/checkout/index.ts';
import { loadPixel } from './features/pixel/pixel.ts';
import { notFoundHead, SHOP_NAME } from './features/seo/head.ts';
import { ChatButton } from './features/shell/ChatButton.tsx';
import { DeliveryBanner } from './features/shell/DeliveryBanner.tsx';
import { Footer } from './features/shell/Footer.tsx';
import { Header } from './features/shell/Header.tsx';
import { MessagePage, NotFoundMessage } from './features/shell/NotFoundMessage.tsx';
import { PreviewBanner } from './features/shell/PreviewBanner.tsx';
import { useHydrated } from './hooks/use-hydrated.ts';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/global.css';
import './features/shell/shell.css';

/**
 * Each request's loaders read the editors' drafts while the preview cookie is set — on the dev
 * server only (`import.meta.env.DEV`): the production build prerenders published content
 * (content/preview.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request }, next) => runPreviewing(import.meta.env.DEV && asksForPreview(request), next),
];

/** The preview's click-to-edit outlines: on the dev server only, so the build drops them whole. */
const PreviewOverlays = import.meta.env.DEV ? lazy(() => import('./features/shell/PreviewOverlays.tsx')) : () => null;

export async function loader() {
  const [settings, catalogue, whatHappensNext, policyLinks] = await Promise.all([
    content().settings(),
    content().catalogue(),
    // For the order page, which has no loader of its own: it is one shell for every order (routes/orders.$orderId.tsx).
    content().whatHappensNext(),
    // Every policy document gets a footer link, in the editors' order.
    content().policyLinks(),
  ]);
  return { settings, catalogue: leanCatalogue(catalogue), whatHappensNext, policyLinks, preview: isPreviewing() };
}

/**
 * The head of a page no route gives one: the SPA fallback (HTML requires a <title>) until the page
 * it stands in for renders its own, and an error shown by the root's boundary. A route's own `meta`
 * replaces this one.
 */
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [{ title: SHOP_NAME }];
  return notFoundHead(isNotFound(error) ? 'Page not found' : 'Something went wrong');
}

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

export function links() {
  return [
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    // Every page opens with a heading in this face: fetch it with the CSS, not after it.
    { rel: 'preload', href: headingFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#a4471f" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  useEffect(() => loadPixel(), []);
  // The hydration gate hands React what was typed before the page was hydrated, at once (before
  // anything renders again), then, once the page has rendered with what waited for hydration
  // (useHydrated), the taps it held or answered early (src/early/gate.ts, `window.__ouo` typed in
  // src/early/global.ts; decisions 015 and 028). Absent in `npm run dev`, which has no gate.
  useEffect(() => window.__ouo?.hydrated?.(), []);
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) window.__ouo?.live?.();
  }, [hydrated]);
  if (!data) return <main id="main">{children}</main>;
  const { settings, catalogue } = data;
  return (
    <ToastProvider>
      <CartProvider catalogue={catalogue}>
        {data.preview && <PreviewBanner />}
        {data.preview && (
          <Suspense fallback={null}>
            <PreviewOverlays />
          </Suspense>
        )}
        <DeliveryBanner text={settings.deliveryBanner} threshold={settings.freeShippingThreshold} />
        <Header shopName={settings.shopName} />
        {/* Orders that could not reach the server are resent from any page until it answers. */}
        <OutboxNotices />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer
          settings={settings}
          productNames={catalogue.map((product) => product.name)}
          policyLinks={data.policyLinks}
        />
        <ChatButton number={settings.whatsappNumber} greeting={settings.whatsappGreeting} />
      </CartProvider>
    </ToastProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function HydrateFallback() {
  return (
    <main id="main" className="page page--loading" aria-busy="true">
      <p>Loading…</p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      {isNotFound(error) ? (
        <NotFoundMessage />
      ) : (
        <MessagePage
          title="Something went wrong"
          text="Please reload the page. If it keeps happening, write to us and we will fix it."
        />
      )}
    </Shell>
  );
}

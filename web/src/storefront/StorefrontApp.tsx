import { useQuery } from '@tanstack/react-query';
import { shopRoutes as routes } from '@tillbook/contract';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { api } from '../lib/api.ts';
import { must } from '../lib/http.ts';
import { useSettings } from '../lib/settings.ts';
import { lazyAntd } from '../ui/lazy-antd.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { Home } from './Home.tsx';
import { StoreHeader } from './StoreHeader.tsx';
import './shop.css';

// The layout and the home page are the storefront's first load, in plain React and CSS (no antd);
// the catalogue and the product page are fetched when opened, with antd and its theme.
const Catalogue = lazyAntd(async () => (await import('./Catalogue.tsx')).Catalogue);
const ProductPage = lazyAntd(async () => (await import('./ProductPage.tsx')).ProductPage);
// the shopper's account pages: plain React and CSS, each fetched when opened
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
const LoginPage = page(() => import('./account/LoginPage.tsx'), 'LoginPage');
const RegisterPage = page(() => import('./account/RegisterPage.tsx'), 'RegisterPage');
const ForgotPasswordPage = page(() => import('./account/ForgotPasswordPage.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./account/ResetPasswordPage.tsx'), 'ResetPasswordPage');
const ProfilePage = page(() => import('./account/ProfilePage.tsx'), 'ProfilePage');
const ChangePasswordPage = page(() => import('./account/ChangePasswordPage.tsx'), 'ChangePasswordPage');
// the cart, the checkout and the shopper's orders: one chunk, fetched when one of them is opened
const shopPages = () => import('./shop-pages.ts');
const CartPage = page(shopPages, 'CartPage');
const CheckoutPage = page(shopPages, 'CheckoutPage');
const OrdersPage = page(shopPages, 'OrdersPage');
const OrderPage = page(shopPages, 'OrderPage');
const OrderPlacedPage = page(shopPages, 'OrderPlacedPage');
const WishlistPage = page(shopPages, 'WishlistPage');
const ReturnsPage = page(shopPages, 'ReturnsPage');
const NotFound = lazy(async () => ({ default: (await import('../ui/NotFound.tsx')).NotFound }));

export function StorefrontApp() {
  const { data: settings } = useSettings();
  const categories = useQuery({
    queryKey: ['public-categories'],
    // a plain resource's public list (categories with their sub-categories)
    queryFn: () => must(api(routes.publicList.productCategory)),
  });
  const list = categories.data?.getAllProductCategory ?? [];
  return (
    <div className="shop">
      <StoreHeader categories={list} />
      <div className="store-content">
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route index element={<Home categories={list} />} />
            <Route path="products" element={<Catalogue categories={list} />} />
            <Route path="product/:id" element={<ProductPage />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="change-password" element={<ChangePasswordPage />} />
            <Route path="cart" element={<CartPage />} />
            <Route path="checkout" element={<CheckoutPage />} />
            <Route path="orders" element={<OrdersPage />} />
            <Route path="orders/:id" element={<OrderPage />} />
            <Route path="orders/:id/placed" element={<OrderPlacedPage />} />
            <Route path="wishlist" element={<WishlistPage />} />
            <Route path="returns" element={<ReturnsPage />} />
            <Route path="*" element={<NotFound shop />} />
          </Routes>
        </Suspense>
      </div>
      <footer className="store-footer">{settings?.footer}</footer>
    </div>
  );
}

import { aboutPage, farmerImpactPage, guidePages, homePage } from './pages.ts';
import { shopSettings } from './shop-settings.ts';

export const SINGLETON_TYPES = ['shopSettings', 'homePage', 'aboutPage', 'farmerImpactPage', 'guidePages'];
export const singletonTypes = [shopSettings, homePage, aboutPage, farmerImpactPage, guidePages];
